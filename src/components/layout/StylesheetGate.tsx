/**
 * A classic inline script at the end of the body: the HTML parser may not run it before the stylesheet has
 * arrived, so the document finishes parsing only once it is styled. Chromium's autofill reads every form's
 * fields when parsing ends and forces a style and layout pass to do so; before the stylesheet, that pass laid
 * out the whole unstyled page (the header's menus and every icon at full size) and the first paint then did
 * it all again. The script runs nothing. See docs/decisions/0083-parsing-ends-after-the-stylesheet.md.
 */
export function StylesheetGate() {
  return <script dangerouslySetInnerHTML={{ __html: '/* parsing ends after the stylesheet */' }} />
}
