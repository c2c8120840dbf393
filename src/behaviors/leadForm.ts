/**
 * The contact form's behaviour (markup in src/sections/LeadForm.tsx). The form works as a plain post; its
 * enhancement (inline errors, sending without a reload, the proof of work) is loaded only when the visitor
 * first touches the form, so a page view costs no more than these lines.
 */
export function leadForm(form: HTMLElement): void {
  const start = () => {
    form.removeEventListener('focusin', start)
    form.removeEventListener('pointerdown', start)
    void import('./leadFormEnhance').then(({ enhanceLeadForm }) => enhanceLeadForm(form as HTMLFormElement))
  }
  form.addEventListener('focusin', start)
  form.addEventListener('pointerdown', start)
}
