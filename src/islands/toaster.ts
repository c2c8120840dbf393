/**
 * Public pages have no Toaster island: most visits never see a notice. The first island that wants
 * to show one mounts the Toaster into its own root, once.
 */
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import Toaster from '../components/ui/Toaster'

let mounted = false

export function ensureToaster(): void {
  if (mounted) return
  mounted = true
  const container = document.createElement('div')
  document.body.append(container)
  createRoot(container).render(createElement(Toaster))
}
