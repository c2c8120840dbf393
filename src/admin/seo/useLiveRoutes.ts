import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { postPath, tagPath } from '../../blog/paths'
import { blogPostSeo, blogTagSeo } from '../../seo/blog'
import { postSummary } from '../../blog/text'
import { parseBlocks } from '../../siteContent/blocks'
import type { Site } from '../../siteContent/schema'
import type { Database, Tables } from '../../lib/database.types'
import { toast } from '../../lib/toast'
import { cmsPageSeo } from '../../seo/cmsPageSeo'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import type { SeoPage } from './seoPages'

/**
 * The routes staff published, read with the staff's client when the SEO tab opens: each published post,
 * each tag page that has a published post (a tag without one is a 404 on the site, so it is not offered)
 * and each published CMS page. Post bodies are read only for posts without an excerpt, whose description
 * comes from their text; each page's own SEO is built by the same functions the site uses.
 */
export function useLiveRoutes(site: Site): { pages: SeoPage[]; loading: boolean } {
  const { supabase } = useAdmin()
  const [pages, setPages] = useState<SeoPage[]>([])
  const [loading, setLoading] = useState(true)

  useEffect(() => {
    let active = true
    void (async () => {
      const [posts, links, tags, cmsPages] = await Promise.all([
        supabase.from('blog_posts').select('id,title,slug,excerpt,featured_image').eq('published', true).order('published_at', { ascending: false }),
        supabase.from('blog_post_tags').select('blog_post_id,tag_id'),
        supabase.from('blog_tags').select('id,name,slug').order('name'),
        supabase.from('pages').select('slug,title,content').eq('published', true).order('title'),
      ])
      const bodies = await postTexts(supabase, posts.data ?? [])
      if (!active) return
      const error = posts.error ?? bodies.error ?? links.error ?? tags.error ?? cmsPages.error
      if (error) {
        toast({ title: 'Error al cargar las rutas publicadas', description: describeError(error), variant: 'destructive' })
      } else {
        const published = posts.data ?? []
        const ids = new Set(published.map((p) => p.id))
        const tagged = new Set((links.data ?? []).filter((l) => ids.has(l.blog_post_id)).map((l) => l.tag_id))
        setPages([
          ...(cmsPages.data ?? []).map((p): SeoPage => ({
            path: `/${p.slug}`,
            legacyPaths: [],
            group: 'Páginas publicadas',
            seo: cmsPageSeo({ title: p.title, blocks: parseBlocks(p.content).blocks }, site),
          })),
          ...published.map((p): SeoPage => ({
            path: postPath(p.slug),
            legacyPaths: [],
            group: 'Entradas publicadas',
            seo: blogPostSeo({ title: p.title, summary: postSummary(p.excerpt, bodies.texts.get(p.id) ?? ''), featuredImage: p.featured_image }),
          })),
          ...(tags.data ?? [])
            .filter((t) => tagged.has(t.id))
            .map((t): SeoPage => ({ path: tagPath(t.slug), legacyPaths: [], group: 'Etiquetas', seo: blogTagSeo(t) })),
        ])
      }
      setLoading(false)
    })()
    return () => {
      active = false
    }
  }, [supabase, site])

  return { pages, loading }
}

/**
 * The visible text of each post without an excerpt, whose description comes from its body. The text is the
 * site's own (src/blog/markdownText.ts), loaded only when such a post exists: most visits to the tab never
 * need the Markdown pipeline.
 */
async function postTexts(
  supabase: SupabaseClient<Database>,
  posts: Pick<Tables<'blog_posts'>, 'id' | 'excerpt'>[],
): Promise<{ texts: Map<string, string>; error: PostgrestError | null }> {
  const ids = posts.filter((p) => !p.excerpt?.trim()).map((p) => p.id)
  if (ids.length === 0) return { texts: new Map(), error: null }
  const [{ data, error }, { markdownText }] = await Promise.all([
    supabase.from('blog_posts').select('id,content').in('id', ids),
    import('../../blog/markdownText'),
  ])
  return { texts: new Map((data ?? []).map((b) => [b.id, markdownText(b.content)])), error }
}
