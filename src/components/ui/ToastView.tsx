import * as ToastPrimitive from '@radix-ui/react-toast'
import { Icon } from './Icon'
import { cn } from '../../lib/cn'
import { dismissToast, removeToast, TOAST_DURATION_MS, type Toast } from '../../lib/toast'
import { uiText } from '../../lib/uiText'

/**
 * Renders the toasts of src/lib/toast.ts with Radix Toast: swipe right (50 px) to dismiss, F8 focuses
 * the notice area, top on mobile and bottom-right from the sm breakpoint, at most 420 px wide.
 */
export default function ToastView({ toasts }: { toasts: Toast[] }) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notificación">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id)
          }}
          onAnimationEnd={() => {
            if (!t.open) removeToast(t.id)
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-8 shadow-lg',
            'data-[state=open]:animate-fade-up data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full transition-[opacity,transform]',
            t.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>}
          </div>
          {t.action && (
            <ToastPrimitive.Action
              altText={t.action.label}
              onClick={t.action.onClick}
              className="shrink-0 rounded-md border border-current/30 px-3 py-1 text-sm font-medium hover:bg-current/10"
            >
              {t.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close aria-label={uiText.close} className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <Icon name="x" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Notificaciones ({hotkey})"
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  )
}
