import type { PageContext } from 'vike/types'
import type { PageData } from '../../src/content/page'

export default (pageContext: PageContext<PageData>) => pageContext.data.head.title
