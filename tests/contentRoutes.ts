/**
 * The public content routes the site must serve, read from the files of content/: home.mdx is "/", every
 * other MDX file is "/" plus its name, so adding a service page is adding its file. Read from the folder
 * itself, not through the route registry, so a registry that drops or renames a page still fails the unit
 * tests (against the registry) and the end-to-end tests (against the served site).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse as parseYaml } from 'yaml'

const content = fileURLToPath(new URL('../content/', import.meta.url))
const routesIn = (folder: string) =>
  readdirSync(content + folder)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => `/${name.replace(/\.mdx$/, '')}`)
    .sort()

export const serviceRoutes = routesIn('services')
export const legalRoutes = routesIn('legal')
export const contentRoutes = ['/', ...serviceRoutes, ...legalRoutes]

export interface MenuPlacement {
  category: string
  order: number
  title: string
}

/** Each service file's `menu` frontmatter (where the mega menu places it), read from the file itself. */
export const serviceMenus: { path: string; menu?: MenuPlacement }[] = serviceRoutes.map((path) => {
  const text = readFileSync(`${content}services${path}.mdx`, 'utf8')
  const frontmatter = parseYaml(text.split(/^---$/m)[1] ?? '') as { menu?: MenuPlacement }
  return { path, menu: frontmatter.menu }
})
