import { useEffect, useState } from 'react'
import type { Database } from '../../lib/database.types'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'

export interface DashboardCounts {
  posts: number
  published: number
  pages: number
  texts: number
  tags: number
}

/**
 * Exact-count selects of each table; published posts are counted from the posts' own
 * published flags. Row-level security decides what each count covers (a non-staff account sees only
 * what is published). null while loading.
 */
export function useDashboardCounts(): DashboardCounts | null {
  const { supabase } = useAdmin()
  const [counts, setCounts] = useState<DashboardCounts | null>(null)

  useEffect(() => {
    let active = true
    const count = (table: keyof Database['public']['Tables']) => supabase.from(table).select('*', { count: 'exact', head: true })
    void Promise.all([
      supabase.from('blog_posts').select('published', { count: 'exact' }),
      count('pages'),
      count('content_blocks'),
      count('blog_tags'),
    ]).then(([posts, pages, texts, tags]) => {
      if (!active) return
      const failed = [posts, pages, texts, tags].find((r) => r.error)?.error
      if (failed) toast({ title: 'Error al cargar el resumen', description: describeError(failed), variant: 'destructive' })
      setCounts({
        posts: posts.count ?? 0,
        published: (posts.data ?? []).filter((p) => p.published).length,
        pages: pages.count ?? 0,
        texts: texts.count ?? 0,
        tags: tags.count ?? 0,
      })
    })
    return () => {
      active = false
    }
  }, [supabase])

  return counts
}
