import type { RedirectStatus } from './useRedirects'

/** How each answer is named to staff. */
export const STATUS_LABELS: Record<RedirectStatus, string> = {
  301: 'Permanente (301)',
  302: 'Temporal (302)',
  410: 'Eliminada (410): la página ya no existe',
}
