import { cn } from '../../lib/cn'
import { ImagePreload, ResponsiveImage } from '../ResponsiveImage'

/** How wide a post's cover is shown on its own page: the article column. */
export const ARTICLE_COVER_SIZES = '(min-width: 768px) 45rem, 92vw'

/**
 * A post's featured image in a fixed 16:9 box (attributes and CSS agree), so nothing moves when it arrives.
 * `priority`: the page's likeliest LCP element (a post's cover, the first card of /blog), fetched at once and
 * first; otherwise it waits until it nears the viewport. Decorative here: the title next to it says what the
 * post is. `sizes`: how wide the box is shown (the article column, or a card of the blog's grid).
 */
export function CoverImage({ src, priority = false, sizes, className }: { src: string; priority?: boolean; sizes: string; className?: string }) {
  return (
    <ResponsiveImage
      src={src}
      alt=""
      frame="cover"
      sizes={sizes}
      priority={priority}
      className={cn('aspect-video w-full bg-slate-100 object-cover', className)}
    />
  )
}

/** The post page's cover, asked for from the head (it is the page's LCP element). */
export function CoverPreload({ src }: { src: string }) {
  return <ImagePreload src={src} frame="cover" sizes={ARTICLE_COVER_SIZES} />
}
