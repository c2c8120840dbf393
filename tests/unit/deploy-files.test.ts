// The files docs/deploy.md tells a reader to install (deploy/) are checked by the tools that will read them:
// Caddy, nginx and systemd. A tool that is not installed skips its own file only, and says so in the test's
// name; scripts/deploy-tools.sh installs Debian's packages (npm test runs it).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const deploy = fileURLToPath(new URL('../../deploy/', import.meta.url))
const tmp = mkdtempSync(join(tmpdir(), 'deploy-files-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const installed = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0
const skipped = (tool: string) => (installed(tool) ? '' : ` (skipped: ${tool} is not installed; scripts/deploy-tools.sh installs it)`)

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: tmp })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('deploy/', () => {
  it.skipIf(!installed('caddy'))(`Caddyfile: caddy validate${skipped('caddy')}`, () => {
    const { status, output } = run('caddy', ['validate', '--config', join(deploy, 'Caddyfile'), '--adapter', 'caddyfile'])
    expect(status, output).toBe(0)
    expect(output).toContain('Valid configuration')
  })

  it.skipIf(!installed('nginx') || !installed('openssl'))(`nginx.conf: nginx -t${skipped('nginx')}${skipped('openssl')}`, () => {
    // nginx -t loads the certificates: a throwaway one stands in for certbot's.
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=example.com', '-days', '1', '-keyout', 'key.pem', '-out', 'cert.pem'],
      {
        cwd: tmp,
        stdio: 'ignore',
      },
    )
    const site = readFileSync(join(deploy, 'nginx.conf'), 'utf8')
      .replaceAll('/etc/letsencrypt/live/example.com/fullchain.pem', join(tmp, 'cert.pem'))
      .replaceAll('/etc/letsencrypt/live/example.com/privkey.pem', join(tmp, 'key.pem'))
    writeFileSync(join(tmp, 'site.conf'), site)
    // The server block as /etc/nginx/nginx.conf's http block includes it from sites-enabled/.
    writeFileSync(join(tmp, 'nginx.conf'), `pid ${tmp}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  include ${tmp}/site.conf;\n}\n`)
    const { status, output } = run('nginx', ['-t', '-p', tmp, '-c', join(tmp, 'nginx.conf'), '-e', 'stderr'])
    expect(status, output).toBe(0)
    expect(output).toContain('test is successful')
  })

  it.skipIf(!installed('systemd-analyze'))(`agencia-web.service: systemd-analyze verify${skipped('systemd-analyze')}`, () => {
    const { status, output } = run('systemd-analyze', ['verify', join(deploy, 'agencia-web.service')])
    expect(status, output).toBe(0)
    // verify says what it does not understand (a misspelt option) but still exits 0: no such line either.
    expect(output).not.toMatch(/Unknown key|Unknown section|Failed to parse|Invalid/i)
  })
})
