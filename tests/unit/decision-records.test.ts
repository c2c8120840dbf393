// Every decision record says whether it still holds and since when, and the index lists it.
import { readdir, readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'

const folder = new URL('../../docs/decisions/', import.meta.url)

it('every decision record has a Status and a Date line and a line in docs/README.md', async () => {
  const index = await readFile(new URL('../../docs/README.md', import.meta.url), 'utf8')
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.md'))) {
    const text = await readFile(new URL(file, folder), 'utf8')
    expect(text, file).toMatch(/^Status: (accepted|superseded by \d{4}.*)$/m)
    expect(text, file).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m)
    expect(index, file).toContain(`(decisions/${file})`)
  }
})
