/**
 * The page content field holds a JSON array of blocks (e.g. [{"type": "heading", ...}]).
 * docs/decisions/0010-cms-editing-rules.md: text that is not such an array is shown as an error under the field and blocks saving
 * (the original silently kept the previous value).
 */
import { parseBlocks } from '../siteContent/blocks'
import type { Json } from '../lib/database.types'

/** What JSON.parse gives back is a Json value; the column stores one. */
export type ParsedContent = { ok: true; value: Json[] } | { ok: false; error: string }

export function parsePageContent(text: string): ParsedContent {
  if (!text.trim()) return { ok: true, value: [] }
  let value: Json
  try {
    value = JSON.parse(text) as Json
  } catch (error) {
    return { ok: false, error: `JSON no válido${where(error instanceof Error ? error.message : '', text)}. Revisa comillas, comas y corchetes.` }
  }
  if (!Array.isArray(value)) return { ok: false, error: 'El contenido debe ser una lista JSON de bloques, entre corchetes: [ ... ].' }
  return { ok: true, value }
}

/** Engines say where parsing stopped in English; report it as line and column. */
function where(message: string, text: string): string {
  const lineColumn = /line (\d+) column (\d+)/.exec(message)
  if (lineColumn) return ` (línea ${lineColumn[1]}, columna ${lineColumn[2]})`
  const position = /position (\d+)/.exec(message)
  if (!position) return ''
  const before = text.slice(0, Number(position[1])).split('\n')
  return ` (línea ${before.length}, columna ${(before.at(-1)?.length ?? 0) + 1})`
}

export function formatPageContent(content: unknown): string {
  return JSON.stringify(content ?? [], null, 2)
}

/** Whether the page may be saved: JSON that is a list, every block valid by the shared schema. */
export function checkPageContent(text: string): { ok: true; value: Json[] } | { ok: false; errors: string[] } {
  const parsed = parsePageContent(text)
  if (!parsed.ok) return { ok: false, errors: [parsed.error] }
  const { invalid } = parseBlocks(parsed.value)
  return invalid.length ? { ok: false, errors: invalid.map((i) => i.reason) } : { ok: true, value: parsed.value }
}
