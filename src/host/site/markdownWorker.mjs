// One task of the Markdown pool (./markdownPool.ts): a post body rendered in a worker thread. The worker
// starts with no Node options (not the server's preloads), so it loads the TypeScript renderer through tsx's API.
import { tsImport } from 'tsx/esm/api'

const { renderMarkdown } = await tsImport('../../blog/markdown.server.ts', import.meta.url)

export default ({ markdown, options }) => renderMarkdown(markdown, options)
