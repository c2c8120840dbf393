import { useEffect, useRef } from 'react'

export interface OpenRecordProps {
  /** A post or page to open as soon as the tab shows (a link from another tab or /admin?post=<id>). */
  openId?: string
  /** Called once it has been opened, so coming back to the tab later shows the list. */
  onOpened?: () => void
}

/** Opens `openId` with the tab's own loader (the latest saved version, or the list when it is gone), once. */
export function useOpenRecord(openId: string | undefined, onOpened: (() => void) | undefined, open: (id: string) => Promise<void>): void {
  const latest = useRef({ open, onOpened })
  latest.current = { open, onOpened }
  useEffect(() => {
    if (!openId) return
    void latest.current.open(openId).then(() => latest.current.onOpened?.())
  }, [openId])
}
