/** Logs the attempted path as SPEC.md §8 asks, so unknown routes show up in the browser console. */
export function logNotFound(): void {
  console.error('404 Error: User attempted to access non-existent route:', window.location.pathname)
}
