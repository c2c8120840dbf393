/**
 * Interface texts used in more than one place, defined once (Spanish, exact). Texts used by one
 * component stay in that component.
 */
export const uiText = {
  /** Said after a link that opens a new tab: in its aria-label or in a screen-reader-only span. */
  opensInNewTab: '(se abre en una pestaña nueva)',
  /** The accessible name of an icon-only close button. */
  close: 'Cerrar',
} as const
