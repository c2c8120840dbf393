import { dynamicPageRoutes } from '#src/cms/site.server.ts'
import { publicPaths } from '#src/siteContent/registry.server.ts'

// Every service and legal page of the registry (the home page has its own route) and every page
// published from the CMS.
export const onBeforePrerenderStart = async () => [...publicPaths.filter((p) => p !== '/'), ...(await dynamicPageRoutes()).map((p) => `/${p.slug}`)]
