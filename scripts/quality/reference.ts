/**
 * The reference build `npm run quality -- --against <git ref>` compares with: the ref checked out in a git
 * worktree of its own under .tmp/ (kept between runs, so a second comparison starts at once), with its own
 * `npm install` (an old ref may have other dependencies) and its own `vike build`. Its server is its own
 * `npm start`, so the reference is served exactly as it was then.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

function run(command: string, args: string[], cwd: string, what: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${what} failed with code ${result.status} in ${cwd}`)
}

/** Checks out, installs and builds `ref` unless already done; returns the worktree's folder and commit. */
export function prepareReference(ref: string, log: (line: string) => void): { root: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim()
  const root = resolve('.tmp', `quality-ref-${commit.slice(0, 12)}`)
  if (!existsSync(join(root, 'package.json'))) {
    log(`reference ${ref} (${commit.slice(0, 12)}): git worktree in ${root}`)
    // A worktree folder deleted by hand is still registered: forget it before adding it again.
    run('git', ['worktree', 'prune'], '.', 'git worktree prune')
    run('git', ['worktree', 'add', '--detach', root, commit], '.', 'git worktree add')
  }
  if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
    log(`reference: npm install in ${root} ...`)
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], root, 'npm install (reference)')
  }
  if (!existsSync(join(root, 'dist', 'client', 'index.html'))) {
    log('reference: building (vike build) ...')
    run('npx', ['vike', 'build'], root, 'vike build (reference)')
  }
  return { root, commit }
}
