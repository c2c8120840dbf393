import { Copy } from 'lucide-react'
import { ensureToaster } from '../islands/toaster'
import { toast } from '../lib/toast'

/** Copies the agency's e-mail address and confirms it with a toast. */
export default function CopyEmail({ email }: { email: string }) {
  const copy = async () => {
    ensureToaster()
    try {
      await navigator.clipboard.writeText(email)
      toast({ title: 'Email copiado', description: email })
    } catch {
      toast({ title: 'No se pudo copiar', description: `Escríbenos a ${email}`, variant: 'destructive' })
    }
  }
  return (
    <button type="button" onClick={copy} aria-label={`Copiar ${email}`} title="Copiar email"
      className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900">
      <Copy aria-hidden="true" className="size-4" />
    </button>
  )
}
