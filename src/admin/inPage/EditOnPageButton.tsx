import * as DialogPrimitive from '@radix-ui/react-dialog'
import { SquarePen } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '../../components/ui/button'
import { DialogContent, DialogTitle } from '../../components/ui/dialog'
import { useAdmin } from '../context'
import { useLeaveGuard } from '../shared/unsaved'
import type { EditTarget } from './editTargets'

// Its own chunk: the admin loads edit mode's code when staff open it, and no public page ever does.
const EditMode = lazy(() => import('./EditMode'))

interface EditOnPageButtonProps {
  target: EditTarget
  /** The page's or the record's name, for the bar and the button's accessible name. */
  name: string
  /** The public address, when visitors can open it (a draft has none yet). */
  publicPath?: string
  /** In a record's row of links: a smaller button named after the record. */
  compact?: boolean
  /** Edit mode closed: what it saved may change the tab's list. */
  onLeft?: () => void
}

/**
 * «Editar en la página»: the page as visitors see it, full screen over the panel, with its places editable
 * (./EditMode.tsx). Escape or «Salir» leaves it, asking first when a change is unsaved, and focus returns to this
 * button. Staff only: an account without access edits nothing.
 */
export function EditOnPageButton({ target, name, publicPath, compact = false, onLeft }: EditOnPageButtonProps) {
  const { canEdit } = useAdmin()
  // The target as it was when edit mode opened: the tab re-rendering meanwhile must not reload it.
  const [opened, setOpened] = useState<EditTarget | null>(null)
  const mayLeave = useLeaveGuard()
  const leave = async () => {
    if (!(await mayLeave())) return
    setOpened(null)
    onLeft?.()
  }
  if (!canEdit) return null
  return (
    <DialogPrimitive.Root open={opened !== null} onOpenChange={(open) => (open ? setOpened(target) : void leave())}>
      <DialogPrimitive.Trigger asChild>
        <Button
          variant={compact ? 'ghost' : 'outline'}
          size={compact ? 'sm' : 'default'}
          className="text-slate-700"
          aria-label={compact ? `Editar en la página «${name}»` : undefined}
        >
          <SquarePen aria-hidden="true" /> Editar en la página
        </Button>
      </DialogPrimitive.Trigger>
      <DialogContent
        className="inset-0 left-0 top-0 block h-dvh w-full max-w-none translate-x-0 translate-y-0 rounded-none border-0 p-0 shadow-none"
        // Escape leaves through the same question as «Salir»; Radix would close without asking.
        onEscapeKeyDown={(event) => {
          event.preventDefault()
          void leave()
        }}
        onInteractOutside={(event) => event.preventDefault()}
      >
        {opened && (
          <Suspense
            fallback={
              <>
                <DialogTitle className="sr-only">Editar en la página: {name}</DialogTitle>
                <p role="status" className="p-6 text-slate-700">
                  Cargando el modo edición...
                </p>
              </>
            }
          >
            <EditMode target={opened} name={name} publicPath={publicPath} onLeave={() => void leave()} />
          </Suspense>
        )}
      </DialogContent>
    </DialogPrimitive.Root>
  )
}
