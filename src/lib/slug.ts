/**
 * SPEC.md §5: a slug is normalised as it is typed (lowercased, whitespace turned into "-"), and an
 * empty slug is derived from the title the same way.
 */
export function normaliseSlug(input: string): string {
  return input.toLowerCase().replace(/\s+/g, '-')
}

export function slugOrTitle(slug: string, title: string): string {
  return slug.trim() ? normaliseSlug(slug.trim()) : normaliseSlug(title.trim())
}
