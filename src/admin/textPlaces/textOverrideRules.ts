/**
 * What a text override may hold, checked before saving by every way staff write one: the Textos form and
 * «Editar en la página». The database refuses the same (content_blocks_check: a blank text); an empty text
 * is no way to bring back the file's, deleting the override is.
 */
export function textOverrideError(content: string): string | null {
  return content.trim() ? null : 'Escribe el texto. Para volver al texto original de la página, usa «Restaurar original».'
}
