import { uiText } from '../../lib/uiText'

/** Tells screen-reader users that the link around it opens a new tab (sighted users see the icon or context). */
export function NewTabNote() {
  return <span className="sr-only"> {uiText.opensInNewTab}</span>
}
