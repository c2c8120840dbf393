/**
 * URL slugs. Normalising is @sindresorhus/slugify's job (transliteration "año" -> "ano", punctuation,
 * repeated separators); this module only fixes the options the site uses and the form a stored slug must
 * have, which the database enforces too (supabase/migrations/20261122000300_slug_and_image_checks.sql).
 */
import slugify from '@sindresorhus/slugify'

/** Lowercase ASCII words joined by single hyphens: the same expression as the database's check. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value)
}

const options = {
  decamelize: false,
  // The library's default spells "&" in English.
  customReplacements: [['&', ' y ']] as [string, string][],
}

/** A slug as it is being typed: a trailing space or hyphen stays, so the next word can follow it. */
export function normaliseSlug(input: string): string {
  return slugify(input.replace(/\s+$/, '-'), { ...options, preserveTrailingDash: true })
}

/** The slug to store: the typed one tidied, or derived from the title when none was typed. May be ''. */
export function slugOrTitle(slug: string, title: string): string {
  return slugify(slug.trim() ? slug : title, options)
}
