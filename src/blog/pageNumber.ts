/** "2" -> 2; anything that is not a plain page number ("02", "1e3", "-1", "x") -> null, a 404. */
export function pageNumber(param: string): number | null {
  return /^[1-9][0-9]{0,5}$/.test(param) ? Number(param) : null
}
