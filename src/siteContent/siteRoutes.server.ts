/**
 * The site's routes (siteRoutes.ts) as this build derives them: the route registry's content routes and
 * redirect sources, and the pages/ folder Vike routes by. Server-only (imports the registry).
 */
import { publicPaths, redirects } from './registry.server'
import { buildSiteRoutes, type SiteRoute } from './siteRoutes'

const pageFiles = Object.keys(import.meta.glob('/pages/**/+Page.tsx'))

export const siteRoutes: SiteRoute[] = buildSiteRoutes({ pagePaths: publicPaths, redirectSources: Object.keys(redirects), pageFiles })
