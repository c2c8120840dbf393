import { lazy, Suspense, useEffect, useState } from 'react'
import { useToasts } from '../../lib/toast'

const ToastView = lazy(() => import('./ToastView'))

/**
 * The notice area. Radix Toast is loaded with the first toast, not with the page: most visits never
 * see one, and public pages keep their JavaScript small. Once loaded it stays, so F8 keeps working.
 */
export default function Toaster() {
  const toasts = useToasts()
  const [needed, setNeeded] = useState(false)
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true)
  }, [toasts.length])
  if (!needed && toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <ToastView toasts={toasts} />
    </Suspense>
  )
}
