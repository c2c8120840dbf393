import { Lexer, type Token, type Tokens } from 'marked'
import type { ReactNode } from 'react'
import { isExternal, isInlineLink } from '../../siteContent/links'
import { NewTabNote } from '../../components/ui/NewTabNote'

/**
 * Inline Markdown (bold, italic, links, code, strikethrough) rendered as React elements, never as an
 * HTML string: marked only tokenises, and only the token kinds listed here become elements. Raw HTML,
 * images and anything unknown are shown as the text they are, and React escapes all text, so nothing
 * staff type can become markup. A link whose address is not a site path, anchor, http(s), mailto: or
 * tel: URL loses its link and keeps its words.
 */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{render(Lexer.lexInline(text))}</>
}

function render(tokens: Token[]): ReactNode[] {
  return tokens.map((token, i) => {
    switch (token.type) {
      case 'strong':
        return <strong key={i}>{render((token as Tokens.Strong).tokens)}</strong>
      case 'em':
        return <em key={i}>{render((token as Tokens.Em).tokens)}</em>
      case 'del':
        return <del key={i}>{render((token as Tokens.Del).tokens)}</del>
      case 'codespan':
        return <code key={i}>{(token as Tokens.Codespan).text}</code>
      case 'br':
        return <br key={i} />
      case 'link':
        return <Link key={i} token={token as Tokens.Link} />
      case 'text':
      case 'escape':
        return (token as Tokens.Text).text
      default:
        return token.raw
    }
  })
}

function Link({ token }: { token: Tokens.Link }) {
  const href = token.href.trim()
  const children = render(token.tokens)
  if (!isInlineLink(href)) return <>{children}</>
  return isExternal(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <NewTabNote />
    </a>
  ) : (
    <a href={href}>{children}</a>
  )
}
