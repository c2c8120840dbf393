/**
 * Where an image may come from: an http(s) URL with a host, or a path on this site ("/images/x.jpg").
 * Not "//host/x" (another site with no scheme), nothing with whitespace, never javascript: or data:.
 * The database checks featured images with the same expression
 * (supabase/migrations/20261122000300_slug_and_image_checks.sql, blog_posts_featured_image_url).
 */
const IMAGE_URL_PATTERN = /^(https?:\/\/[^/\s]+|\/[^/\s])\S*$/i

export function isImageUrl(value: string): boolean {
  return IMAGE_URL_PATTERN.test(value)
}
