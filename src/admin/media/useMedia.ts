import { useCallback, useEffect, useState } from 'react'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { listMedia, usesOf, type MediaItem, type MediaUse } from './mediaLibrary'

const NO_USES = new Map<string, MediaUse[]>()

/** The media library's images, newest first, and (with `withUses`) where each is shown; reloaded on demand. */
export function useMedia({ withUses = false } = {}) {
  const { supabase } = useAdmin()
  const [items, setItems] = useState<MediaItem[]>([])
  const [uses, setUses] = useState(NO_USES)
  const [loading, setLoading] = useState(true)

  const reload = useCallback(async () => {
    setLoading(true)
    try {
      const [images, shownIn] = await Promise.all([listMedia(supabase), withUses ? usesOf(supabase) : NO_USES])
      setItems(images)
      setUses(shownIn)
    } catch (error) {
      toast({
        title: 'No se pudieron cargar los medios',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      })
    }
    setLoading(false)
  }, [supabase, withUses])

  useEffect(() => {
    void reload()
  }, [reload])

  return { items, uses, loading, reload }
}
