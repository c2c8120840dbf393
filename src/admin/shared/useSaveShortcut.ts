import { useEffect, useRef } from 'react'

/** Ctrl+S (Cmd+S on a Mac) saves the open form instead of saving the web page. */
export function useSaveShortcut(save: () => void, enabled = true): void {
  const saveRef = useRef(save)
  saveRef.current = save
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault()
        saveRef.current()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])
}
