import { useCallback, useEffect, useState } from 'react'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { listMedia, type MediaItem } from './mediaLibrary'

/** The media library's images, newest first, reloaded on demand. */
export function useMedia() {
  const { supabase } = useAdmin()
  const [items, setItems] = useState<MediaItem[]>([])
  const [loading, setLoading] = useState(true)

  const reload = useCallback(async () => {
    setLoading(true)
    try {
      setItems(await listMedia(supabase))
    } catch (error) {
      toast({
        title: 'No se pudieron cargar los medios',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      })
    }
    setLoading(false)
  }, [supabase])

  useEffect(() => {
    void reload()
  }, [reload])

  return { items, loading, reload }
}
