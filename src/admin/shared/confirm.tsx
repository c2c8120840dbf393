import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'

export interface ConfirmOptions {
  /** The question, e.g. "¿Estás seguro de eliminar este post?". */
  title: string
  description?: string
  confirmLabel: string
  destructive?: boolean
}

type Ask = (options: ConfirmOptions) => Promise<boolean>
const ConfirmContext = createContext<Ask | null>(null)

/**
 * An accessible in-app replacement for window.confirm (docs/decisions/0010-cms-editing-rules.md): a modal dialog with the question
 * as its title, focus on the safe choice, Escape or a click outside as "no".
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null)
  const resolver = useRef<((ok: boolean) => void) | null>(null)

  const ask = useCallback<Ask>((next) => {
    resolver.current?.(false)
    setOptions(next)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])

  const settle = (ok: boolean) => {
    resolver.current?.(ok)
    resolver.current = null
    setOptions(null)
  }

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Dialog
        open={options !== null}
        onOpenChange={(open) => {
          if (!open) settle(false)
        }}
      >
        {options && (
          <DialogContent
            role="alertdialog"
            onOpenAutoFocus={(e) => {
              e.preventDefault()
              document.getElementById('confirm-cancel')?.focus()
            }}
          >
            <DialogTitle>{options.title}</DialogTitle>
            <DialogDescription>{options.description ?? 'Esta acción no se puede deshacer.'}</DialogDescription>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button id="confirm-cancel" variant="secondary">
                  Cancelar
                </Button>
              </DialogClose>
              <Button variant={options.destructive ? 'destructive' : 'default'} onClick={() => settle(true)}>
                {options.confirmLabel}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </ConfirmContext.Provider>
  )
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext)
  if (!ask) throw new Error('useConfirm needs <ConfirmProvider> (src/admin/shell/AdminLayout)')
  return ask
}

/** A deletion question ("¿Estás seguro de eliminar …?") as the title, answered with "Eliminar". */
export function useConfirmDelete(): (question: string) => Promise<boolean> {
  const confirm = useConfirm()
  return useCallback((question: string) => confirm({ title: question, confirmLabel: 'Eliminar', destructive: true }), [confirm])
}
