import { useEffect, useState } from 'react'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../errors'
import { marked } from 'marked'
import { blogPostSeo, blogTagSeo } from '../../blog/seo'
import { postPath, tagPath } from '../../blog/paths'
import type { SeoPage } from './seoPages'

interface PublishedPost { id: string; title: string; slug: string; excerpt: string | null; content: string | null; featured_image: string | null }
interface Tag { id: string; name: string; slug: string }

/**
 * The blog's live routes, read with the staff's client when the SEO tab opens: each published post, and
 * each tag page that has a published post (a tag without one is a 404 on the site, so it is not offered).
 * Post bodies are read only for posts without an excerpt, whose description comes from their text.
 */
export function useBlogRoutes(): { pages: SeoPage[]; loading: boolean } {
  const { supabase } = useAdmin()
  const [pages, setPages] = useState<SeoPage[]>([])
  const [loading, setLoading] = useState(true)

  useEffect(() => {
    let active = true
    void (async () => {
      const [posts, bodies, links, tags] = await Promise.all([
        supabase.from('blog_posts').select('id,title,slug,excerpt,featured_image').eq('published', true).order('published_at', { ascending: false }),
        supabase.from('blog_posts').select('id,content').eq('published', true).is('excerpt', null),
        supabase.from('blog_post_tags').select('blog_post_id,tag_id'),
        supabase.from('blog_tags').select('id,name,slug').order('name'),
      ])
      if (!active) return
      const error = posts.error ?? bodies.error ?? links.error ?? tags.error
      if (error) {
        toast({ title: 'Error al cargar las rutas del blog', description: describeError(error), variant: 'destructive' })
      } else {
        const body = new Map((bodies.data as { id: string; content: string }[]).map((b) => [b.id, b.content]))
        const published = (posts.data as Omit<PublishedPost, 'content'>[]).map((p) => ({ ...p, content: body.get(p.id) ?? null }))
        const ids = new Set(published.map((p) => p.id))
        const tagged = new Set((links.data as { blog_post_id: string; tag_id: string }[]).filter((l) => ids.has(l.blog_post_id)).map((l) => l.tag_id))
        setPages([
          ...published.map((p): SeoPage => ({ path: postPath(p.slug), legacyPaths: [], group: 'Entradas publicadas', seo: blogPostSeo({ title: p.title, summary: p.excerpt ?? markdownText(p.content ?? ''), featuredImage: p.featured_image }) })),
          ...(tags.data as Tag[]).filter((t) => tagged.has(t.id))
            .map((t): SeoPage => ({ path: tagPath(t.slug), legacyPaths: [], group: 'Etiquetas', seo: blogTagSeo(t) })),
        ])
      }
      setLoading(false)
    })()
    return () => { active = false }
  }, [supabase])

  return { pages, loading }
}

/** A post body's plain text, for the description of a post without an excerpt. */
function markdownText(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true })
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''
}
