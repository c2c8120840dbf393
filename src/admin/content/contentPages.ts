/** The pages whose blocks the Contenido tab edits (SPEC.md §2 and §9); home is the default. */
export const contentPages = [
  { key: 'home', label: 'Página Principal' },
  { key: 'shopify', label: 'Shopify' },
  { key: 'consultoria-digital', label: 'Consultoría Digital' },
  { key: 'automatizacion-ia', label: 'Automatización IA' },
] as const

export type ContentPageKey = (typeof contentPages)[number]['key']
