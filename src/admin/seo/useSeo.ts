import { useEffect, useState } from 'react'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { updateIfUnchanged, type GuardedOutcome } from '../shared/conflicts'
import { mutate } from '../shared/mutate'
import { emptySeo, seoFromRow, seoToRow, type SeoRecord } from './seoRecord'
import type { SeoPage } from './seoPages'

/** PostgREST's answer to .single() when no row matched: the form starts a new, empty record. */
const NO_ROWS = 'PGRST116'

/**
 * The SEO metadata of one page (seo_metadata). A page without a row of its own falls
 * back to a row stored under one of its old paths (docs/decisions/0005-ux-ui-route-name.md: /consultoria-ux-ui is still honoured
 * for /consultoria-uxui); whatever is loaded is saved under the page's real path.
 */
export function useSeo(page: SeoPage | undefined) {
  const { supabase } = useAdmin()
  const [record, setRecord] = useState<SeoRecord | null>(null)
  const [loading, setLoading] = useState(false)
  /** The stored row's id, for Historial; null while the page has no row of its own. */
  const [rowId, setRowId] = useState<number | null>(null)
  /**
   * The version of the page's own row that the form opened (decision 0066): a save applies only while it is
   * still the saved one. Null for a page without a row, or with one stored under an old path only.
   */
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  /** Moved to read the row again (after a restore from Historial). */
  const [version, setVersion] = useState(0)

  useEffect(() => {
    if (!page) return
    let active = true
    setRecord(null)
    setRowId(null)
    setOpenedAt(null)
    setLoading(true)
    void (async () => {
      for (const path of [page.path, ...page.legacyPaths]) {
        const { data, error } = await supabase.from('seo_metadata').select('*').eq('page_path', path).single()
        if (!active) return
        if (!error) {
          setRowId(data.id)
          if (path === page.path) setOpenedAt(data.updated_at)
          return finish(seoFromRow(data, page.path))
        }
        if (error.code !== NO_ROWS) {
          toast({ title: 'Error al cargar SEO', description: describeError(error), variant: 'destructive' })
          return finish(null)
        }
      }
      finish(emptySeo(page.path, page.seo.noindex))
    })()
    function finish(next: SeoRecord | null) {
      if (!active) return
      setRecord(next)
      setLoading(false)
    }
    return () => {
      active = false
    }
  }, [supabase, page, version])

  const saved = { title: 'SEO guardado', description: 'Los metadatos se han guardado correctamente' }

  /**
   * The page's own row is updated only if nobody saved it since it was opened (`version` instead, when staff
   * chose to overwrite the other version); a page without one gets it (under its real path).
   */
  const save = async (next: SeoRecord, version?: string): Promise<GuardedOutcome> => {
    const precondition = version ?? openedAt
    if (rowId !== null && precondition) {
      const result = await updateIfUnchanged(supabase, 'seo_metadata', { id: rowId }, precondition, seoToRow(next), {
        success: saved,
        errorTitle: 'Error al guardar',
      })
      if (result.ok) setOpenedAt(result.updatedAt)
      return result
    }
    const ok = await mutate(supabase.from('seo_metadata').upsert(seoToRow(next), { onConflict: 'page_path' }), {
      success: saved,
      errorTitle: 'Error al guardar',
    })
    if (!ok) return { ok: false }
    // A first save makes the row: its id gives the form its Historial, its version the next save's precondition.
    const { data } = await supabase.from('seo_metadata').select('id,updated_at').eq('page_path', next.page_path).maybeSingle()
    setRowId(data?.id ?? null)
    setOpenedAt(data?.updated_at ?? null)
    return { ok: true, updatedAt: data?.updated_at ?? null }
  }

  return { record, loading, rowId, save, reload: () => setVersion((v) => v + 1) }
}
