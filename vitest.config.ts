import { defineConfig } from 'vitest/config'
import mdx from '@mdx-js/rollup'
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdxFrontmatter from 'remark-mdx-frontmatter'
import remarkGfm from 'remark-gfm'

// Unit and contract tests run without the Vike/Tailwind plugins; MDX is compiled so content loaders can be tested.
export default defineConfig({
  plugins: [mdx({ remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: 'frontmatter' }], remarkGfm] })],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel (one worker per core): each contract file starts its own backend on port 0 with a
    // data folder of its own, so files never share state (docs/decisions/0074-tests-in-parallel-each-worker-its-own-server.md).
    fileParallelism: true,
    globalSetup: ['tests/contract/global-setup.ts'],
  },
})
