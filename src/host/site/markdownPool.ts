// Post bodies are rendered in worker threads (piscina), never on the event loop: unified's parse of a
// 1 MB body takes seconds, and some shapes cost more than linear time (thousands of short lists), so a
// render in the main thread stalled every request the server was answering. One thread fewer than the
// cores, so the event loop keeps a core (docs/decisions/0076-nothing-blocks-the-server.md).
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { installMarkdownRenderer, type RenderedMarkdown, type RenderOptions } from '../../blog/markdown.server.ts'

export function startMarkdownPool(threads = Math.max(1, availableParallelism() - 1)): { close: () => Promise<void> } {
  const pool = new Piscina<{ markdown: string; options: RenderOptions }, RenderedMarkdown>({
    filename: new URL('./markdownWorker.mjs', import.meta.url).href,
    execArgv: [],
    minThreads: 1,
    maxThreads: threads,
  })
  installMarkdownRenderer((markdown, options) => pool.run({ markdown, options }))
  return {
    close: async () => {
      installMarkdownRenderer(undefined)
      await pool.destroy()
    },
  }
}
