/** Hands the text to the browser as a file download (`type`: its MIME type, with its charset). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled, or the download could lose its data.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
