// React picks its development or production build once, when first loaded, from NODE_ENV. The server's
// first import (src/host/startConfig.ts) must set it before the build's server code (dist/server, plain
// Node resolution) loads React: otherwise every page renders with the development build, several times
// slower, as it did before.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The React builds a fresh Node process (NODE_ENV unset) loads when it requires React as the build's server
 * code does, with start-config imported before that, after it, or not at all.
 */
function reactBuildsLoaded(startConfig: 'before' | 'after'): string[] {
  const importStartConfig = "await import('./src/host/startConfig.ts')"
  const script = `
    const { createRequire } = await import('node:module')
    const require = createRequire(import.meta.url)
    ${startConfig === 'before' ? importStartConfig : ''}
    require('react/jsx-runtime')
    require('react-dom/server')
    ${startConfig === 'after' ? importStartConfig : ''}
    const loaded = Object.keys(require.cache).filter((file) => /react[^/]*\\/cjs\\//.test(file))
    console.log(JSON.stringify(loaded.map((file) => file.split('/').pop())))`
  const env = { ...process.env }
  delete env.NODE_ENV
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8' })
  return JSON.parse(output.trim().split('\n').pop()!) as string[]
}

describe('the server renders with React’s production build', () => {
  it('loads only production builds once start-config has run, as start.ts imports it first', () => {
    const builds = reactBuildsLoaded('before')
    expect(builds).toContain('react-jsx-runtime.production.js')
    expect(builds.filter((file) => file.includes('development'))).toEqual([])
  })

  it('loads development builds when React comes first, so the order of start.ts’s imports matters', () => {
    expect(reactBuildsLoaded('after')).toContain('react-jsx-runtime.development.js')
  })

  it('start.ts imports start-config before anything else', () => {
    const firstImport = /^import .*$/m.exec(readFileSync('src/host/start.ts', 'utf8'))?.[0]
    expect(firstImport).toBe("import { env } from './startConfig.ts'")
  })
})
