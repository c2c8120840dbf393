// The order Vitest hands its files to the two workers: the longest ones first, so that the run does not end with
// one worker still in a minute-long file while the other has nothing left (decision 0051). Vitest's own order is
// the durations of the previous run on this machine, or, on a clean clone that has none, the larger file first,
// which put the longest file (data-folder.test.ts) about a third of the way in.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that took longest on the 2-core machine, longest first (whole runs, sum of their tests' durations:
 * each starts processes, restarts servers or migrates new folders). Whatever is not listed follows in Vitest's own
 * order; a file missing from the disk is simply not there to sort.
 */
export const LONGEST_FILES = [
  'tests/contract/data-folder.test.ts',
  'tests/contract/auth-attacks.test.ts',
  'tests/contract/demo-staff.test.ts',
  'tests/contract/one-session.test.ts',
  'tests/contract/shutdown.test.ts',
  'tests/contract/postgrest-process.test.ts',
  'tests/contract/storage-durability.test.ts',
  'tests/contract/lead-form.test.ts',
  'tests/contract/durability.test.ts',
  'tests/unit/image-variant-route.test.ts',
  'tests/contract/auth-passwords.test.ts',
  'tests/contract/auth.test.ts',
  'tests/contract/fuzz.test.ts',
  'tests/contract/database-types.test.ts',
]

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`))
      return at === -1 ? LONGEST_FILES.length : at
    }
    const rest = await super.sort(files)
    // Array.prototype.sort is stable: the unlisted files keep Vitest's order among themselves.
    return rest.sort((a, b) => rank(a) - rank(b))
  }
}
