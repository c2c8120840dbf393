/**
 * The one definition of every kind of public content. Types are inferred from these schemas
 * (`z.infer`), never written twice. Content files in content/ are parsed with them at build time.
 */
import { z } from 'zod'
import { SEO_LIMITS } from '../lib/seoLimits'
import { isSiteOrWebLink, linkRuleText } from './links'

/** Icons content may name. The map from name to SVG component lives in src/components/ui/Icon.tsx. */
export const iconNames = [
  'shopping-cart',
  'store',
  'package',
  'boxes',
  'code',
  'smartphone',
  'plug',
  'database',
  'cloud',
  'bot',
  'workflow',
  'refresh',
  'cpu',
  'brain',
  'chart',
  'trending-up',
  'target',
  'compass',
  'palette',
  'layers',
  'rocket',
  'shield',
  'zap',
  'clock',
  'users',
  'headset',
  'search',
  'settings',
  'file-text',
  'message',
  'mail',
  'phone',
  'credit-card',
  'globe',
  'lock',
  'sparkles',
  'award',
  'check',
  'lightbulb',
  'gauge',
  'building',
  'heart',
  'graduation',
  'truck',
  'briefcase',
  'mouse-pointer',
  'link',
  'calendar',
  'star',
  'wrench',
] as const
export const iconSchema = z.enum(iconNames)
export type IconName = z.infer<typeof iconSchema>

const text = z.string().trim().min(1)
/** An in-site link: "/path", "/#section" or "#section" (same page, smooth scroll). */
const href = z.string().regex(/^(\/|#)[^\s]*$/, 'debe empezar por "/" o "#"')
const url = z.url()

export const seoSchema = z.object({
  /** The page's own title; the head adds the brand suffix (see src/seo/head.ts pageTitle). */
  title: text.max(SEO_LIMITS.title),
  description: text.min(50).max(SEO_LIMITS.description),
  keywords: z.array(text).optional(),
  ogImage: z.string().optional(),
  canonical: url.optional(),
  noindex: z.boolean().default(false),
})
export type Seo = z.infer<typeof seoSchema>

/** The button variants a content link may use; src/components/ui/buttonVariants.ts styles each. */
export const buttonVariantNames = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link', 'hero', 'accent'] as const
export type ButtonVariantName = (typeof buttonVariantNames)[number]

export const ctaSchema = z.object({
  label: text,
  href,
  variant: z.enum(buttonVariantNames).default('hero'),
})
export type Cta = z.infer<typeof ctaSchema>

export const heroSchema = z.object({
  eyebrow: text.optional(),
  title: text,
  /** The part of the title drawn with the brand gradient. */
  highlight: text.optional(),
  subtitle: text,
  buttons: z.array(ctaSchema).min(1).max(3),
  /** Shows the review-platform rating badge. */
  showRating: z.boolean().default(true),
  highlights: z.array(text).max(4).default([]),
})
export type Hero = z.infer<typeof heroSchema>

export const cardSchema = z.object({
  icon: iconSchema,
  title: text,
  description: text,
  keywords: z.array(text).optional(),
  href: href.optional(),
})
export type Card = z.infer<typeof cardSchema>

export const techItemSchema = z.object({ tech: text, desc: text })
export const benefitSchema = z.object({ title: text, description: text, icon: iconSchema.optional() })
export type Benefit = z.infer<typeof benefitSchema>

export const processStepSchema = z.object({
  number: z.string().regex(/^0[1-9]$/, 'número de dos cifras, de "01" a "09"'),
  title: text,
  description: text,
  icon: iconSchema.optional(),
})
export type ProcessStep = z.infer<typeof processStepSchema>

export const caseTypes = ['ecommerce', 'plataforma', 'automatizacion'] as const
export const caseSchema = z.object({
  name: text,
  category: text,
  scope: z.enum(['Internacional', 'Nacional']).optional(),
  /** Pipe-separated list, as the agency writes it: "Shopify Plus | Migración | SEO". */
  services: text,
  type: z.enum(caseTypes).optional(),
  image: z.string().regex(/^\/images\//, 'imagen propia bajo /images/'),
  description: text,
})
export type SuccessCase = z.infer<typeof caseSchema>

export const statSchema = z.object({ icon: iconSchema, value: text, label: text, description: text })
export type Stat = z.infer<typeof statSchema>

const sectionBase = {
  /** Anchor id; the home page uses hero, servicios, casos-exito, proceso, contacto. */
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  eyebrow: text.optional(),
  title: text,
  intro: text.optional(),
}

export const sectionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('cards'),
    ...sectionBase,
    items: z.array(cardSchema).min(2),
    columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  }),
  z.object({ type: z.literal('stack'), ...sectionBase, groups: z.array(z.object({ name: text, items: z.array(techItemSchema).min(1) })).min(1) }),
  z.object({ type: z.literal('benefits'), ...sectionBase, items: z.array(benefitSchema).min(2) }),
  z.object({ type: z.literal('process'), ...sectionBase, steps: z.array(processStepSchema).min(5).max(6) }),
  z.object({ type: z.literal('cases'), ...sectionBase, filter: z.boolean().default(false), items: z.array(caseSchema).min(1) }),
  z.object({ type: z.literal('stats'), ...sectionBase, items: z.array(statSchema).min(2) }),
  /** The page's MDX body, placed where this marker stands. */
  z.object({ type: z.literal('body'), ...sectionBase }),
])
export type Section = z.infer<typeof sectionSchema>
export type SectionOf<T extends Section['type']> = Extract<Section, { type: T }>

export const menuCategories = ['Ecommerce', 'Desarrollo a medida', 'Automatización & IA', 'Consultoría'] as const
export const menuEntrySchema = z.object({
  category: z.enum(menuCategories),
  order: z.number().int().min(1),
  icon: iconSchema,
  title: text,
  description: text,
  /** Tailwind gradient stops, e.g. "from-emerald-500 to-teal-600". */
  gradient: z.string().regex(/^from-[a-z]+-\d{3} to-[a-z]+-\d{3}$/),
})
export type MenuEntry = z.infer<typeof menuEntrySchema>

/** Frontmatter of a landing page (home and services). */
export const landingSchema = z.object({
  kind: z.enum(['home', 'service']),
  seo: seoSchema,
  /** Short name used in breadcrumbs and JSON-LD Service. */
  name: text,
  menu: menuEntrySchema.optional(),
  hero: heroSchema,
  sections: z.array(sectionSchema).min(1),
})
export type Landing = z.infer<typeof landingSchema>

export const legalSchema = z.object({
  kind: z.literal('legal'),
  seo: seoSchema,
  name: text,
  title: text,
  updated: z.iso.date(),
})
export type Legal = z.infer<typeof legalSchema>

export const frontmatterSchema = z.discriminatedUnion('kind', [landingSchema, legalSchema])
export type Frontmatter = z.infer<typeof frontmatterSchema>

/** Business facts: the single place an agency edits to make the site its own. */
export const siteSchema = z.object({
  brand: text,
  city: text,
  legalName: text,
  taxId: z.string().regex(/^[A-HJNP-SUVW]\d{7}[0-9A-J]$/, 'NIF/CIF español'),
  registry: text,
  siteUrl: url.refine((u) => !u.endsWith('/'), 'sin barra final'),
  defaultOgImage: z.string().startsWith('/'),
  address: z.object({ street: text, postalCode: z.string().regex(/^46\d{3}$/), locality: text, region: text, country: z.string().length(2) }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  /** leads: where each contact-form enquiry is notified (never shown on the site). */
  emails: z.object({ contact: z.email(), privacy: z.email(), leads: z.email() }),
  /** Contact-form enquiries: how long they are kept (the server deletes older ones; /privacidad says so). */
  leads: z.object({ retentionMonths: z.number().int().min(1).max(120) }),
  phones: z.array(z.object({ label: text, display: text, e164: z.string().regex(/^\+\d{9,15}$/) })).length(2),
  whatsapp: z.object({ e164: z.string().regex(/^\+\d{9,15}$/), message: text }),
  social: z.object({ linkedin: url, instagram: url, facebook: url, tiktok: url }),
  booking: z.object({ provider: text, url: url, durationMinutes: z.number().int() }),
  reviews: z.object({ platform: text, url: url, rating: z.number().min(0).max(5), best: z.number(), count: z.number().int() }),
  hours: z.object({
    days: text,
    opens: z.string().regex(/^\d\d:\d\d$/),
    closes: z.string().regex(/^\d\d:\d\d$/),
    timezone: text,
    dayCodes: z.array(z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])),
  }),
  tagline: text,
  foundedYear: z.number().int(),
})
export type Site = z.infer<typeof siteSchema>

const menuLink = z.object({ label: text, path: z.string().refine(isSiteOrWebLink, linkRuleText) })
export const defaultMenuSchema = z.array(menuLink.extend({ children: z.array(menuLink).optional() })).min(1)

export const navigationSchema = z.object({
  /** The default header menu (src/siteContent/menu.ts); the live one is the CMS's menu_items. */
  menu: defaultMenuSchema,
  megaMenu: z.object({
    title: text,
    cta: ctaSchema,
    /**
     * The services section. Items that are not a route of their own link here, and the header's menu item
     * with this path opens the mega menu.
     */
    extraItems: z.array(menuEntrySchema.omit({ order: true }).extend({ order: z.number().int() })).default([]),
    fallbackHref: href,
  }),
  footer: z.object({
    columns: z.array(z.object({ title: text, links: z.array(z.object({ label: text, href })) })),
  }),
})
export type Navigation = z.infer<typeof navigationSchema>
