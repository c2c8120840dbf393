import { marked } from 'marked'
import { useEffect, useState } from 'react'
import { postPath, tagPath } from '../../blog/paths'
import { blogPostSeo, blogTagSeo } from '../../blog/seo'
import { parseBlocks } from '../../content/blocks'
import type { Site } from '../../content/schema'
import { toast } from '../../lib/toast'
import { cmsPageSeo } from '../../seo/cmsPageSeo'
import { useAdmin } from '../context'
import { describeError } from '../errors'
import type { SeoPage } from './seoPages'

interface PublishedPost {
  id: string
  title: string
  slug: string
  excerpt: string | null
  featured_image: string | null
}
interface Tag {
  id: string
  name: string
  slug: string
}
interface PublishedPage {
  slug: string
  title: string
  content: unknown
}

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
      const [posts, bodies, links, tags, cmsPages] = await Promise.all([
        supabase.from('blog_posts').select('id,title,slug,excerpt,featured_image').eq('published', true).order('published_at', { ascending: false }),
        supabase.from('blog_posts').select('id,content').eq('published', true).is('excerpt', null),
        supabase.from('blog_post_tags').select('blog_post_id,tag_id'),
        supabase.from('blog_tags').select('id,name,slug').order('name'),
        supabase.from('pages').select('slug,title,content').eq('published', true).order('title'),
      ])
      if (!active) return
      const error = posts.error ?? bodies.error ?? links.error ?? tags.error ?? cmsPages.error
      if (error) {
        toast({ title: 'Error al cargar las rutas publicadas', description: describeError(error), variant: 'destructive' })
      } else {
        const body = new Map((bodies.data as { id: string; content: string }[]).map((b) => [b.id, b.content]))
        const published = posts.data as PublishedPost[]
        const ids = new Set(published.map((p) => p.id))
        const tagged = new Set((links.data as { blog_post_id: string; tag_id: string }[]).filter((l) => ids.has(l.blog_post_id)).map((l) => l.tag_id))
        setPages([
          ...(cmsPages.data as PublishedPage[]).map((p): SeoPage => ({
            path: `/${p.slug}`,
            legacyPaths: [],
            group: 'Páginas publicadas',
            seo: cmsPageSeo({ title: p.title, blocks: parseBlocks(p.content).blocks }, site),
          })),
          ...published.map((p): SeoPage => ({
            path: postPath(p.slug),
            legacyPaths: [],
            group: 'Entradas publicadas',
            seo: blogPostSeo({ title: p.title, summary: p.excerpt ?? markdownText(body.get(p.id) ?? ''), featuredImage: p.featured_image }),
          })),
          ...(tags.data as Tag[])
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

/** A post body's plain text, for the description of a post without an excerpt. */
function markdownText(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true })
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''
}
