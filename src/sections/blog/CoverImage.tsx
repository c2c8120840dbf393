import { cn } from '../../lib/cn'

/**
 * A post's featured image in a fixed 16:9 box (attributes and CSS agree), so nothing moves when it
 * arrives. `priority`: the post page's likeliest LCP element, fetched at once and first; in lists it
 * waits until it nears the viewport. Decorative here: the title next to it says what the post is.
 */
export function CoverImage({ src, priority = false, className }: { src: string; priority?: boolean; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      width={1600}
      height={900}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority && { fetchPriority: 'high' as const })}
      className={cn('aspect-video w-full bg-slate-100 object-cover', className)}
    />
  )
}
