// `npm test` lints and checks formatting while `vike build` runs (scripts/test.sh). The build writes each
// `+config.ts` transpiled beside it as `+config.ts.build-<hash>.mjs` and deletes it a moment later: a checker that
// lists such a file and then opens it fails the whole run ("ENOENT … +config.ts.build-….mjs", seen on a clean clone).
import { ESLint } from 'eslint'
import * as prettier from 'prettier'
import { describe, expect, it } from 'vitest'

const transpiledConfig = 'pages/(site)/blog/vista-previa/+config.ts.build-244d163a72ec.mjs'

describe('the static checks that run beside the build', () => {
  it('ESLint never lists a config file the build transpiles for a moment', async () => {
    const eslint = new ESLint()
    expect(await eslint.isPathIgnored(transpiledConfig)).toBe(true)
    expect(await eslint.isPathIgnored('pages/(site)/blog/vista-previa/+config.ts')).toBe(false)
  })

  it('Prettier never lists one either', async () => {
    const info = (file: string) => prettier.getFileInfo(file, { ignorePath: '.prettierignore' })
    expect((await info(transpiledConfig)).ignored).toBe(true)
    expect((await info('pages/(site)/blog/vista-previa/+config.ts')).ignored).toBe(false)
  })
})
