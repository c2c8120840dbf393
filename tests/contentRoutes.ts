/**
 * The public content routes the site must serve, read from the files of content/: home.mdx is "/", every
 * other MDX file is "/" plus its name, so adding a service page is adding its file. Read from the folder
 * itself, not through the route registry, so a registry that drops or renames a page still fails the unit
 * tests (against the registry) and the end-to-end tests (against the served site).
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const content = fileURLToPath(new URL('../content/', import.meta.url))
const routesIn = (folder: string) =>
  readdirSync(content + folder)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => `/${name.replace(/\.mdx$/, '')}`)
    .sort()

export const serviceRoutes = routesIn('services')
export const legalRoutes = routesIn('legal')
export const contentRoutes = ['/', ...serviceRoutes, ...legalRoutes]
