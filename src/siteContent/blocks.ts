/**
 * The one schema of a dynamic page's content (`pages.content`, a JSON array of typed blocks). The admin
 * validates with it before saving and the public renderer parses with it, so what staff can save is
 * exactly what the site can show. Messages are Spanish and name the block's position ("Bloque 3").
 */
import { z } from 'zod'
import { isImageUrl } from '../lib/imageUrl'
import { isSiteOrWebLink, linkRuleText } from './links'

const text = (what: string, max: number) =>
  z
    .string({ error: `falta ${what}` })
    .trim()
    .min(1, `${what} no puede estar vacío`)
    .max(max, `${what} admite como mucho ${max} caracteres`)

export const blockSchemas = {
  heading: z.object({
    type: z.literal('heading'),
    text: text('el texto', 160),
    level: z.union([z.literal(2), z.literal(3)], { error: 'el nivel debe ser 2 o 3' }).default(2),
  }),
  paragraph: z.object({ type: z.literal('paragraph'), text: text('el texto', 5000) }),
  list: z.object({
    type: z.literal('list'),
    items: z.array(text('cada elemento', 500), { error: 'faltan los elementos' }).min(1, 'la lista necesita al menos un elemento').max(50),
    ordered: z.boolean({ error: '«ordered» debe ser true o false' }).default(false),
  }),
  image: z.object({
    type: z.literal('image'),
    src: z
      .string({ error: 'falta la URL de la imagen' })
      .trim()
      .refine(isImageUrl, 'la URL de la imagen no es válida: usa una ruta del sitio (/images/…) o una URL http(s)'),
    alt: text('el texto alternativo', 300),
    caption: text('el pie de foto', 300).optional(),
  }),
  quote: z.object({ type: z.literal('quote'), text: text('el texto', 1000), author: text('el autor', 120).optional() }),
  cta: z.object({
    type: z.literal('cta'),
    label: text('el texto del botón', 80),
    href: z.string({ error: 'falta el enlace' }).trim().refine(isSiteOrWebLink, `el enlace no es válido: ${linkRuleText}`),
  }),
}

export type BlockType = keyof typeof blockSchemas
export const blockTypes = Object.keys(blockSchemas) as BlockType[]

/** What staff call each type, in the editor and in messages. */
export const blockTypeLabels: Record<BlockType, string> = {
  heading: 'Título',
  paragraph: 'Párrafo',
  list: 'Lista',
  image: 'Imagen',
  quote: 'Cita',
  cta: 'Botón',
}

export const blockSchema = z.discriminatedUnion(
  'type',
  Object.values(blockSchemas) as [(typeof blockSchemas)['heading'], ...(typeof blockSchemas)[Exclude<BlockType, 'heading'>][]],
)
export type Block = z.infer<typeof blockSchema>
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>

/** A new block of each type, as the editor adds it: valid once its text is written. */
export function emptyBlock(type: BlockType): Block {
  switch (type) {
    case 'heading':
      return { type, text: '', level: 2 }
    case 'paragraph':
      return { type, text: '' }
    case 'list':
      return { type, items: [''], ordered: false }
    case 'image':
      return { type, src: '', alt: '' }
    case 'quote':
      return { type, text: '' }
    case 'cta':
      return { type, label: '', href: '/#contacto' }
  }
}

/** The reason one stored value is not a block, in Spanish, or null when it is one. */
export function blockProblem(value: unknown): string | null {
  const type = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { type?: unknown }).type : undefined
  if (type === undefined) return 'debe ser un objeto con un «type»'
  if (typeof type !== 'string' || !(type in blockSchemas)) {
    return `el tipo «${typeof type === 'string' ? type : JSON.stringify(type)}» no existe; usa ${blockTypes.join(', ')}`
  }
  const result = blockSchemas[type as BlockType].safeParse(value)
  return result.success ? null : result.error.issues.map((i) => i.message).join('; ')
}

const explain = (value: unknown, position: number, problem: string) => {
  const type = (value as { type?: unknown } | null)?.type
  const label = typeof type === 'string' && type in blockTypeLabels ? ` (${blockTypeLabels[type as BlockType]})` : ''
  return `Bloque ${position}${label}: ${problem}.`
}

export interface InvalidBlock {
  position: number
  reason: string
}

/**
 * Every valid block and, separately, every invalid one with its 1-based position and reason. The
 * renderer shows the valid ones (a row written by SQL or an older version never breaks its page);
 * the admin refuses to save while `invalid` is not empty.
 */
export function parseBlocks(content: unknown): { blocks: Block[]; invalid: InvalidBlock[] } {
  if (!Array.isArray(content))
    return { blocks: [], invalid: [{ position: 0, reason: 'El contenido debe ser una lista JSON de bloques, entre corchetes: [ ... ].' }] }
  const blocks: Block[] = []
  const invalid: InvalidBlock[] = []
  content.forEach((value, i) => {
    const problem = blockProblem(value)
    if (problem) invalid.push({ position: i + 1, reason: explain(value, i + 1, problem) })
    else blocks.push(blockSchema.parse(value))
  })
  return { blocks, invalid }
}
