import type { PageContext } from 'vike/types'
import { site } from '../../src/siteContent/registry.server'
import { pageTitle } from '../../src/seo/head'

export default (pageContext: PageContext) => pageTitle(pageContext.is404 ? 'Página no encontrada' : 'Error', site)
