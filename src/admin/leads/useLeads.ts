import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { describeWriteError, twoFactorRefusal } from '../shared/twoFactorRefusal'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'
import { statusLabels, type LeadRow, type LeadStatus } from './leads'

/**
 * How many leads the tab loads, newest first: PostgREST's max_rows (supabase/config.toml). Enquiries are
 * deleted after the retention period, so a
 * consultancy's inbox stays far below this; filtering and search run on the loaded rows, instantly.
 */
export const LEADS_LIMIT = 1000

export type NotesResult = { kind: 'saved'; lead: LeadRow } | { kind: 'conflict'; lead: LeadRow } | { kind: 'failed' }

const loadFailed = 'Error al cargar los contactos'

/** public.leads for the Contactos tab: the list, a status change, notes, deletion. */
export function useLeads() {
  const { supabase } = useAdmin()
  // The database's check constraint narrows status, which the generated type reads as text.
  const list = useRows(
    'leads',
    (sb) => sb.from('leads').select('*').order('created_at', { ascending: false }).limit(LEADS_LIMIT).overrideTypes<LeadRow[], { merge: false }>(),
    { title: loadFailed },
  )

  const fetchOne = async (id: string): Promise<LeadRow | null> => {
    const { data, error } = await supabase.from('leads').select('*').eq('id', id).maybeSingle().overrideTypes<LeadRow | null, { merge: false }>()
    if (error) toast({ title: loadFailed, description: describeError(error), variant: 'destructive' })
    return data
  }

  const setStatus = (id: string, status: LeadStatus) =>
    mutate(supabase.from('leads').update({ status }).eq('id', id), {
      success: { title: 'Estado actualizado', description: `El contacto está ahora «${statusLabels[status]}».` },
      errorTitle: 'Error al cambiar el estado',
    })

  /**
   * Saves the notes only if nobody else changed them since `original` was read: the update is made
   * conditional on the row's updated_at, and when that has moved because of another change (a status),
   * it is retried once the notes are seen to be untouched. Otherwise the caller gets the other version.
   */
  const saveNotes = async (lead: LeadRow, original: string, notes: string): Promise<NotesResult> => {
    let expected = lead.updated_at
    for (let attempt = 0; attempt < 3; attempt++) {
      const { data, error } = await supabase
        .from('leads')
        .update({ notes })
        .eq('id', lead.id)
        .eq('updated_at', expected)
        .select()
        .overrideTypes<LeadRow[], { merge: false }>()
      if (error) {
        toast({ title: 'Error al guardar las notas', description: await describeWriteError(error), variant: 'destructive' })
        return { kind: 'failed' }
      }
      const saved = data[0]
      if (saved) {
        toast({ title: 'Notas guardadas' })
        return { kind: 'saved', lead: saved }
      }
      const refusal = await twoFactorRefusal(supabase)
      if (refusal) {
        toast({ title: 'Error al guardar las notas', description: refusal, variant: 'destructive' })
        return { kind: 'failed' }
      }
      const latest = await fetchOne(lead.id)
      if (!latest) {
        toast({
          title: 'Error al guardar las notas',
          description: 'Este contacto ya no existe: otra persona lo ha eliminado.',
          variant: 'destructive',
        })
        return { kind: 'failed' }
      }
      if (latest.notes !== original) return { kind: 'conflict', lead: latest }
      expected = latest.updated_at
    }
    toast({ title: 'Error al guardar las notas', description: 'El contacto cambia sin parar; vuelve a intentarlo.', variant: 'destructive' })
    return { kind: 'failed' }
  }

  const remove = (id: string) =>
    mutate(supabase.from('leads').delete().eq('id', id), {
      success: { title: 'Contacto eliminado', description: 'Sus datos se han borrado definitivamente.' },
      errorTitle: 'Error al eliminar',
    })

  return { ...list, fetchOne, setStatus, saveNotes, remove }
}
