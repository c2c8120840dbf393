// The two servers' boundaries are lint rules (eslint.config.js): the backend (src/backend) imports only the
// configuration, the generated database types and its own files; code that can reach the browser imports
// neither server (docs/decisions/0090-backend-and-host-apart.md). Linted here with the project's own
// configuration, without type information (the rule needs none, and the files named need not exist).
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked })

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  const messages = result!.messages
  expect(messages.filter((m) => m.ruleId !== 'no-restricted-imports')).toEqual([])
  return messages.map((m) => m.message)
}

/** A module that imports `from` and uses what it gets (only its types, with `types`). */
const importing = (from: string, types = false) =>
  types
    ? `import type * as imported from '${from}'\nexport type Used = typeof imported\n`
    : `import * as imported from '${from}'\nexport const used = imported\n`

/** The lint run on `code` as `filePath` refuses exactly one import, saying `why`. */
async function expectRefused(filePath: string, code: string, why: string) {
  const messages = await restrictedImports(filePath, code)
  expect(messages).toHaveLength(1)
  expect(messages[0]).toContain(why)
}

describe('the backend stays below the product', () => {
  it.each([
    ['src/backend/securityHeaders.ts', '../seo/sitemap.ts'],
    ['src/backend/auth/mail.ts', '../../behaviors/bookingWidget.ts'],
    ['src/backend/storage/newThing.ts', '#src/siteContent/schema.ts'],
    ['src/backend/app.ts', '../leads/leads.server.ts'],
    ['src/backend/app.ts', '../host/static.ts'],
    ['src/backend/app.ts', '../../content/redirects.ts'],
    ['src/backend/keys.ts', '#src/lib/cn.ts'],
  ])('%s may not import %s, not even its types', async (filePath, from) => {
    for (const types of [false, true]) await expectRefused(filePath, importing(from, types), 'The backend imports only the configuration')
  })

  it('imports the configuration, the generated database types, the Edge Functions’ shared code and its own files', async () => {
    const code = [
      "import type { Database } from '../../lib/database.types.ts'",
      "import { config } from '../../config.server.ts'",
      "import { EMAIL_ADDRESS } from '#functions/email.ts'",
      "import { json } from '../reply.ts'",
      "import { MAX_IMAGE_PIXELS } from '../storage/content.ts'",
      'export type D = Database',
      'export const used = [config, EMAIL_ADDRESS, json, MAX_IMAGE_PIXELS]',
      '',
    ].join('\n')
    expect(await restrictedImports('src/backend/auth/newThing.ts', code)).toEqual([])
  })
})

describe('the servers stay out of code that reaches the browser', () => {
  it.each([
    ['src/components/layout/Footer.tsx', '../../backend/db.ts'],
    ['src/admin/shell/newThing.ts', '#src/host/serviceClient.server.ts'],
    ['pages/admin/+data.ts', '../../src/backend/app.ts'],
  ])('%s may not import %s', (filePath, from) => expectRefused(filePath, importing(from), 'src/backend and src/host are servers'))

  it('the host and the build’s server-side hooks may', async () => {
    const host = "import { startServer } from '../backend/app.ts'\nexport const s = startServer\n"
    expect(await restrictedImports('src/host/start.ts', host)).toEqual([])
    const hook = "import { writeSiteRoutes } from '../src/host/site/siteRoutes'\nexport const w = writeSiteRoutes\n"
    expect(await restrictedImports('renderer/+onPrerenderStart.ts', hook)).toEqual([])
    const cms = "import { cmsClient } from './backend.server.ts'\nexport const c = cmsClient\n"
    expect(await restrictedImports('src/cms/site.server.ts', cms)).toEqual([])
  })
})

describe('one naming convention in src/', () => {
  const namingMessages = async (filePath: string) => {
    const [result] = await eslint.lintText('export const x = 1\n', { filePath })
    return result!.messages.filter((m) => m.ruleId?.startsWith('check-file/')).map((m) => m.ruleId)
  }

  it.each([
    ['src/host/site/page-cache.ts', 'check-file/filename-naming-convention'],
    ['src/leads/form_guard.server.ts', 'check-file/filename-naming-convention'],
    ['src/site-content/schema.ts', 'check-file/folder-naming-convention'],
  ])('%s is refused', async (filePath, rule) => {
    expect(await namingMessages(filePath)).toEqual([rule])
  })

  it.each(['src/host/site/pageCache.ts', 'src/leads/formGuard.server.ts', 'src/admin/leads/LeadDetail.tsx', 'src/siteContent/schema.ts'])(
    '%s is accepted',
    async (filePath) => {
      expect(await namingMessages(filePath)).toEqual([])
    },
  )
})
