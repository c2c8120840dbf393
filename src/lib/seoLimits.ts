/**
 * The SEO length limits, defined once: the content schema refuses frontmatter past them, the admin's SEO
 * form counts against them, and the head function keeps a page's head within them. Search engines cut a
 * result's title at about 60 characters and its description at about 160.
 */
export const SEO_LIMITS = {
  title: 60,
  description: 160,
} as const
