/** Desktop columns for a list of cards, so that no row is left with a lonely card. */
export function desktopColumns(count: number): string {
  if (count === 1) return ''
  if (count % 3 === 0) return 'lg:grid-cols-3'
  if (count % 2 === 0) return 'lg:grid-cols-2'
  return 'lg:grid-cols-3'
}
