import { describe, expect, it } from 'vitest'
import { LateHtml } from '../../src/host/site/lateHtml'

describe('LateHtml: large HTML spliced into a page after its render', () => {
  it('puts each HTML where its placeholder was rendered, `$` patterns and all', () => {
    const late = new LateHtml()
    const page = `<main>${late.add('<p>uno $& $1</p>')}<aside>${late.add('<p>dos</p>')}</aside></main>`
    expect(page).not.toContain('<p>')
    expect(late.splice(page)).toBe('<main><p>uno $& $1</p><aside><p>dos</p></aside></main>')
  })

  it('leaves a marker written by someone else alone: only this render’s random marker is replaced', () => {
    const late = new LateHtml()
    const own = late.add('<p>cuerpo</p>')
    const forged = own.replace(/late-html:[^:]+:/, 'late-html:00000000-0000-0000-0000-000000000000:')
    expect(late.splice(`${forged}${own}`)).toBe(`${forged}<p>cuerpo</p>`)
    // Another render's placeholder is not this one's either.
    const other = new LateHtml()
    other.add('<p>otro</p>')
    expect(other.splice(own)).toBe(own)
  })
})
