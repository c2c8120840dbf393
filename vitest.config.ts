import { defineConfig } from 'vitest/config'
import mdx from '@mdx-js/rollup'
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdxFrontmatter from 'remark-mdx-frontmatter'
import remarkGfm from 'remark-gfm'
import { LongestFirst } from './tests/support/longest-first.ts'

// Every backend of the run, in-process or spawned, hashes passwords at bcrypt's lowest cost instead of GoTrue's 10:
// the suite makes hundreds of accounts, and the hashing threads run at the lowest CPU priority
// (docs/decisions/0054-tests-hash-passwords-cheaply.md). A test about hashing itself sets the cost it needs.
process.env.AUTH_PASSWORD_HASH_COST ??= '4'

// Unit and contract tests run without the Vike/Tailwind plugins; MDX is compiled so content loaders can be tested.
export default defineConfig({
  plugins: [mdx({ remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: 'frontmatter' }], remarkGfm] })],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    // Generous: a test says what happens, not how fast (`npm run bench` measures that). The two workers share
    // two cores, and while one runs the heaviest files' concurrent parts (dozens of server processes, 50
    // hammering clients) a test in the other was seen to take 7× its time alone: 30 s timed out twice on clean
    // clones (a server restart, bcrypt at nice 19). A passing test waits no longer for it.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Files run in parallel, two at a time (Vitest's own default, one worker fewer than the cores, is one on the
    // 2-core machine). Two files running at once never share a database: a contract file uses its worker's
    // shared backend or starts its own (docs/decisions/0053-contract-files-share-a-backend-per-worker.md, 0074).
    fileParallelism: true,
    maxWorkers: 2,
    // A worker imports the server, PGlite and supabase-js once for all its files instead of once per file (the
    // whole run's imports: 93 s isolated, 19 s not). Safe here: no file mocks modules or stubs the environment,
    // and the files of one worker run one after another (docs/decisions/0051-test-command-time.md).
    isolate: false,
    // How many tests of a `concurrent` suite run at once (Vitest's default is 5). Only the permission matrix under
    // one-session.test.ts's 50 hammering clients runs its cells concurrently: 50 at once get about half of the
    // server's turns instead of one in 51 (docs/decisions/0051-test-command-time.md).
    maxConcurrency: 50,
    // The longest files first, whatever Vitest remembers of earlier runs (a clean clone remembers none), so neither
    // worker is left alone at the end in a minute-long file (tests/support/longest-first.ts, decision 0051).
    sequence: { sequencer: LongestFirst },
    globalSetup: ['tests/contract/global-setup.ts'],
  },
})
