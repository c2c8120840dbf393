/**
 * The redirects staff and renames keep in public.redirects (docs/decisions/0068-redirects-in-the-database.md),
 * read as anon like the rest of the CMS: the live server keeps them in memory per CMS revision, a static
 * build writes them as a `_redirects` file. Without a backend there are none.
 */
import type { Tables } from '../lib/database.types'
import { cmsClient, rows } from './backend.server'

export type CmsRedirect = Pick<Tables<'redirects'>, 'source' | 'target' | 'status'>

export async function cmsRedirects(): Promise<CmsRedirect[]> {
  const client = cmsClient()
  if (!client) return []
  return rows(await client.from('redirects').select('source,target,status').order('source'), 'redirecciones')
}
