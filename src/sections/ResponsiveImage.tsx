import { FRAMES, fallbackFormat, frameHeight, variantSource, variantUrl, type Frame, type VariantFormat } from '../lib/imageVariants'

export interface ResponsiveImageProps {
  src: string
  alt: string
  /** The box the image is fitted to (src/lib/imageVariants.ts): its ratio and the widths made for it. */
  frame: Frame
  /** How wide the image is shown, for the browser's choice among the widths (the `sizes` attribute). */
  sizes: string
  /** The page's likeliest LCP image: fetched at once and first. Otherwise it waits until it nears the viewport. */
  priority?: boolean
  className?: string
}

/**
 * A public raster image as `<picture>`: AVIF, then WebP, then the original's format, each at the frame's
 * widths, with `width`/`height` so its box is reserved before it loads. Images without variants (an
 * external URL typed by hand, an SVG) are a plain `<img>` in the same box.
 */
export function ResponsiveImage({ src, alt, frame, sizes, priority = false, className }: ResponsiveImageProps) {
  const widths = FRAMES[frame].widths
  const largest = widths[widths.length - 1]!
  const loading = {
    loading: priority ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    ...(priority && { fetchPriority: 'high' as const }),
  }
  const source = variantSource(src, frame)
  if (!source) return <img src={src} alt={alt} width={largest} height={frameHeight(frame, largest)} {...loading} className={className} />
  const srcSet = (format: VariantFormat) => widths.map((w) => `${variantUrl(source, frame, w, format)} ${w}w`).join(', ')
  const fallback = fallbackFormat(source)
  const middle = widths[Math.min(1, widths.length - 1)]!
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={variantUrl(source, frame, middle, fallback)}
        srcSet={srcSet(fallback)}
        sizes={sizes}
        alt={alt}
        width={largest}
        height={frameHeight(frame, largest)}
        {...loading}
        className={className}
      />
    </picture>
  )
}

/**
 * A `<link rel="preload">` for a page's LCP image that asks for what its `<picture>` will pick: the AVIF
 * variants (browsers without AVIF skip a preload of that type), chosen by the same `sizes`.
 */
export function ImagePreload({ src, frame, sizes }: { src: string; frame: Frame; sizes: string }) {
  const source = variantSource(src, frame)
  if (!source) return <link rel="preload" as="image" href={src} fetchPriority="high" />
  const srcSet = FRAMES[frame].widths.map((w) => `${variantUrl(source, frame, w, 'avif')} ${w}w`).join(', ')
  return <link rel="preload" as="image" type="image/avif" imageSrcSet={srcSet} imageSizes={sizes} fetchPriority="high" />
}
