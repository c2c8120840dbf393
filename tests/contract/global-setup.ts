// Before any test file: the migrated template the contract files copy their data folders from, made once here
// rather than by whichever files need it first, at the same time and inside their tests' timeouts.
import { isHosted, migratedTemplate } from './target.ts'

export default async function makeTemplate(): Promise<void> {
  if (!isHosted) await migratedTemplate()
}
