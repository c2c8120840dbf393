import type { ReactNode } from 'react'
import Toaster from '../../components/ui/Toaster'
import { ConfirmProvider } from '../shared/confirm'
import '../../styles/admin.css'

/** Shared by /auth and /admin: the styles, the one Toaster and the confirmation dialog. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ConfirmProvider>
      <div className="min-h-dvh bg-slate-50 text-slate-800">{children}</div>
      <Toaster />
    </ConfirmProvider>
  )
}
