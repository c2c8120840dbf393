import { Icon } from '../components/ui/Icon'
import { Notice } from '../components/ui/Notice'

const NOTICE_ID = 'aviso-copiar-email'

/**
 * The copy-e-mail button and the notice that confirms it. Markup only: src/behaviors/copyEmail.ts
 * does the copying, so a phone that uses it downloads a few hundred bytes, not React.
 */
export function CopyEmail({ email }: { email: string }) {
  return (
    <>
      <button
        type="button"
        data-behavior="copy-email"
        data-email={email}
        data-notice-area={NOTICE_ID}
        aria-label={`Copiar ${email}`}
        title="Copiar email"
        className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <Icon name="copy" className="size-4" />
      </button>
      <Notice id={NOTICE_ID} />
    </>
  )
}
