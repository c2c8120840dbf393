import { socialPaths, type SocialNetwork } from './socialPaths'

export type { SocialNetwork }

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={socialPaths[network]} />
    </svg>
  )
}
