import { Icon } from './Icon'
import { uiText } from '../../lib/uiText'

/**
 * A notice area for the public site's behaviours (src/behaviors/notice.ts fills and shows it). It
 * looks like the admin's toasts, at most 420 px wide, at the top on phones and at the bottom right from sm (the
 * admin's stay at the top, away from its forms' buttons: docs/decisions/0007-one-notice-system.md);
 * as a status region, what it shows is announced to screen readers.
 */
export function Notice({ id }: { id: string }) {
  return (
    <div
      id={id}
      role="status"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] p-4 sm:inset-x-auto sm:bottom-0 sm:right-0 sm:top-auto sm:w-[420px]"
    >
      <div
        hidden
        data-notice-card
        className="pointer-events-auto relative grid animate-fade-up gap-1 rounded-xl border border-slate-200 bg-white p-4 pr-8 text-slate-900 shadow-lg data-[variant=destructive]:border-red-800 data-[variant=destructive]:bg-red-700 data-[variant=destructive]:text-white"
      >
        <p data-notice-title className="text-sm font-semibold" />
        <p data-notice-description className="text-sm" />
        <button
          type="button"
          data-notice-close
          aria-label={uiText.close}
          className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
        >
          <Icon name="x" className="size-4" />
        </button>
      </div>
    </div>
  )
}
