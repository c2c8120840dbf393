import svgToDataUri from 'mini-svg-data-uri'
import favicon from '../public/favicon.svg?raw'

/**
 * The favicon travels inside the page, as a data URL (its 236 bytes compress to a few dozen next to the
 * header's identical logo): a browser asks for `/favicon.svg` right after the first paint, and a phone's
 * request there, 1.3 kB with its headers, was counted into the largest-paint estimate whenever it ended
 * before the paint was observed (docs/decisions/0084-no-script-before-the-first-paint.md). The file stays
 * for whatever links to it (the JSON-LD logo, feed readers).
 */
const faviconUrl = svgToDataUri(favicon.trim())

// Tags every page shares; page-specific tags come from pages/(site)/+Head.tsx.
export default function Head() {
  return (
    <>
      <link rel="icon" href={faviconUrl} type="image/svg+xml" />
      <meta name="theme-color" content="#0b1020" />
      <meta name="format-detection" content="telephone=no" />
    </>
  )
}
