import { useEffect } from 'react'

/** Logs the attempted path as SPEC.md §8 asks, so unknown routes show up in the browser console. */
export default function NotFoundLogger() {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', window.location.pathname)
  }, [])
  return null
}
