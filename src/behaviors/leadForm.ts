/**
 * The contact form's behaviour (markup in src/sections/LeadForm.tsx). The form works as a plain post; its
 * enhancement (inline errors, sending without a reload, the proof of work) is loaded only when the visitor
 * first touches the form, so a page view costs no more than these lines. A submit before it has loaded
 * waits for it; if it cannot load, the form is posted as it is.
 */
export function leadForm(element: HTMLElement): void {
  const form = element as HTMLFormElement
  let loading: Promise<void> | undefined
  let enhanced = false
  const load = () =>
    (loading ??= import('./leadFormEnhance').then(({ enhanceLeadForm }) => {
      enhanceLeadForm(form)
      enhanced = true
    }))
  form.addEventListener('focusin', () => void load(), { once: true })
  form.addEventListener('pointerdown', () => void load(), { once: true })
  form.addEventListener('submit', (event) => {
    if (enhanced) return
    event.preventDefault()
    load().then(
      () => form.requestSubmit(),
      () => form.submit(),
    )
  })
}
