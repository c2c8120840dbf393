import { showNotice } from './notice'

/**
 * The copy-e-mail button's behaviour (markup in src/sections/CopyEmail.tsx): copies data-email to the
 * clipboard and confirms it in the notice area the button controls; if the browser refuses, the
 * notice gives the address to write to instead.
 */
export function copyEmail(button: HTMLElement): void {
  const email = button.dataset.email ?? ''
  const area = document.getElementById(button.dataset.noticeArea ?? '')
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(email).then(
      () => area && showNotice(area, { title: 'Email copiado', description: email }),
      () => area && showNotice(area, { title: 'No se pudo copiar', description: `Escríbenos a ${email}`, variant: 'destructive' }),
    )
  })
}
