/** Logs the attempted path, so broken links that lead visitors to unknown routes show up in the browser console. */
export function logNotFound(): void {
  console.error('404 Error: User attempted to access non-existent route:', window.location.pathname)
}
