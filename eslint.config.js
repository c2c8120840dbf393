// ESLint flat config: typescript-eslint with type information (the project's tsconfig.json), React's
// hook rules and jsx-a11y's accessibility rules. `npm run lint` fails on any warning (--max-warnings 0).
import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// A path that climbs three folders says little about what it imports: use the package's import aliases
// ("imports" in package.json: #src/…, #e2e-config) instead (docs/decisions/0072-one-meaning-per-word.md).
const climbingPaths = { group: ['../../../*'], message: 'Import through a package.json alias (#src/…) instead.' }

// The Supabase-compatible backend (src/backend) is a program of its own, below the product: it may import the
// configuration (src/config.server.ts), the generated database types (src/lib/database.types.ts), the Edge
// Functions' shared code (#functions/…) and its own files, never the product's code or its host server. What it
// needs from the product arrives as options (docs/decisions/0090-backend-and-host-apart.md).
const productCode = {
  regex: String.raw`(^|/)(content|pages|renderer|host|siteContent|sections|leads|mail|cms|blog|seo|behaviors|pageData|admin|components|islands)(/|$)|(^|/)lib/(?!database\.types(\.ts)?$)`,
  message:
    'The backend imports only the configuration, the generated database types and its own files: take what the product knows as an option from src/host.',
}
// Both servers are server-only programs: the product's pages, components and browser code never import them
// (only the host's own files, the build's server-side hooks, scripts and tests do).
const serverPrograms = {
  regex: String.raw`(^|/)(backend|host)/`,
  message: 'src/backend and src/host are servers: code that can reach the browser must not import them.',
}

export default tseslint.config(
  {
    // Generated (npm run db:types): checked against the migrations by tests/contract/database-types.test.ts instead.
    // `+config.ts.build-<hash>.mjs`: vike build writes each config file transpiled beside it and deletes it a moment
    // later; `npm test` lints while it builds, so ESLint must not list one (it would fail opening a deleted file).
    ignores: [
      'dist',
      'dist-baseline',
      '.data',
      '.tmp',
      'test-results',
      'playwright-report',
      'quality',
      'node_modules',
      'src/lib/database.types.ts',
      '**/*.build-*.mjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'src/backend/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moves into a form the user has just opened (the dialog pattern); raw elements still may not.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two rules of hooks. The plugin's React Compiler rules (set-state-in-effect, refs,
      // immutability...) describe what that compiler can optimise; this project does not run it.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The type checker already reports unused names (noUnusedLocals, noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // Tests read JSON bodies, headers and raw HTTP answers whose shape the assertions check; the
    // supabase-js clients themselves are typed with the generated Database type.
    files: ['tests/**'],
    rules: {
      // Fixtures implement an async interface; some need no await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Every setting is read through src/config.server.ts, where it is typed, documented and validated.
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings with config() from src/config.server.ts (docs/configuration.md).' },
      ],
    },
  },
  {
    // The configuration module itself; developer tools (scripts/), tests and tool configuration files, which
    // set up other processes' environments and read their own knobs (docs/decisions/0071-configuration-in-one-schema.md).
    files: ['src/config.server.ts', 'scripts/**', 'tests/**', '*.config.ts', '*.config.js'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    rules: {
      'no-restricted-imports': ['error', { patterns: [climbingPaths] }],
    },
  },
  {
    files: ['src/backend/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [climbingPaths, productCode] }],
    },
  },
  {
    files: ['src/**', 'pages/**', 'renderer/**'],
    ignores: ['src/backend/**', 'src/host/**', 'renderer/+onPrerenderStart.ts', 'renderer/siteImageVariants.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [climbingPaths, serverPrograms] }],
    },
  },
  {
    // One naming convention in src/: camelCase file and folder names, PascalCase for a file whose main export
    // is a React component; `.server`, `.client` and `.d` are middle extensions, not part of the name
    // (docs/decisions/0093-camel-case-file-names.md). Vike's own files (pages/, renderer/: +Page.tsx…) follow Vike's.
    files: ['src/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { 'src/**/*': '+([a-zA-Z0-9])' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'CAMEL_CASE' }],
    },
  },
  {
    // A spec's `test` must be the one whose worker has a server of its own, and whose baseURL is that server
    // (docs/decisions/0074-tests-in-parallel-each-worker-its-own-server.md).
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [climbingPaths],
          paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: 'Import test and expect from tests/e2e/fixtures.ts.' }],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Edge Functions run on Deno (npm: imports, the Deno global), outside tsconfig.json: `deno check` types
  // them, when tests/contract/edge-function.ts serves them (`deno run --check`).
  { files: ['supabase/functions/*/index.ts'], ...tseslint.configs.disableTypeChecked },
)
