// The configuration schema (src/config.server.ts) is the one list of environment variables: what a developer
// or operator notices is that docs/configuration.md shows exactly it, and that a typo or a bad value stops
// `npm start` with every problem named at once instead of being ignored.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { ConfigError, configTable, parseConfig, variables } from '../../src/config.server.ts'
import { defaultAuthOptions } from '../../src/backend/auth/index.ts'
import { PasswordHasher } from '../../src/backend/passwordHashing.ts'

/** A Markdown table's cells, without Prettier's padding. */
const cells = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    )

describe('configuration', () => {
  it('docs/configuration.md shows the schema’s table', async () => {
    const page = await readFile(new URL('../../docs/configuration.md', import.meta.url), 'utf8')
    expect(cells(page.slice(page.indexOf('| Variable')))).toEqual(cells(configTable()))
  })

  it('documents the auth server’s own rate-limit defaults', () => {
    expect(variables.AUTH_RATE_LIMIT_SIGN_IN.default).toBe(String(defaultAuthOptions.signInRateLimit))
    expect(variables.AUTH_RATE_LIMIT_TOKEN_REFRESH.default).toBe(String(defaultAuthOptions.refreshRateLimit))
    expect(variables.AUTH_PASSWORD_HASH_COST.default).toBe(String(defaultAuthOptions.passwordHashCost))
  })

  it('hashes passwords at GoTrue’s cost 10 unless AUTH_PASSWORD_HASH_COST is set, as only the tests do', async () => {
    expect(parseConfig({}).AUTH_PASSWORD_HASH_COST).toBeUndefined()
    expect(defaultAuthOptions.passwordHashCost).toBe(10)
    const hasher = new PasswordHasher()
    try {
      expect(await hasher.hash('contraseña-segura')).toMatch(/^\$2b\$10\$/)
    } finally {
      await hasher.close()
    }
    expect(parseConfig({ AUTH_PASSWORD_HASH_COST: '4' }).AUTH_PASSWORD_HASH_COST).toBe(4)
    expect(() => parseConfig({ AUTH_PASSWORD_HASH_COST: '3' })).toThrow(ConfigError)
  })

  it('an empty environment gets the documented defaults', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', SKIP_BUILD: false, DEMO_STAFF_EMAIL: 'admin@example.com' })
    for (const [name, value] of Object.entries(config)) {
      if (typeof value === 'number' || (typeof value === 'string' && value))
        expect(variables[name as keyof typeof variables].default, name).toContain(String(value))
    }
  })

  it('reads values by their types; an empty value counts as unset', () => {
    const config = parseConfig({ PORT: '8080', SKIP_BUILD: '1', SITE_URL: 'https://www.example.com/', SUPABASE_URL: '' })
    expect(config).toMatchObject({ PORT: 8080, SKIP_BUILD: true, SITE_URL: 'https://www.example.com' })
    expect(config.SUPABASE_URL).toBeUndefined()
  })

  it('names every problem at once: unknown names with the product’s prefixes and invalid values', () => {
    const read = () =>
      parseConfig({ PORT: 'ochenta', AUTH_RATE_LIMIT_SIGNIN: '5', SMTP_HOSTT: 'smtp.example.com', SUPABASE_URL: 'ftp://x', HOME: '/home/ana' })
    expect(read).toThrow(ConfigError)
    const problems = (() => {
      try {
        read()
        return []
      } catch (error) {
        return (error as ConfigError).problems
      }
    })()
    expect(problems).toHaveLength(4)
    expect(problems.join('\n')).toMatch(/AUTH_RATE_LIMIT_SIGNIN[\s\S]*SMTP_HOSTT[\s\S]*PORT[\s\S]*SUPABASE_URL/)
  })
})
