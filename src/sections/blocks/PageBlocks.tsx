import { Icon } from '../../components/ui/Icon'
import type { Block, BlockOf } from '../../siteContent/blocks'
import { isExternal } from '../../siteContent/links'
import { buttonVariants } from '../../components/ui/buttonVariants'
import { InlineMarkdown } from './InlineMarkdown'
import { ResponsiveImage } from '../ResponsiveImage'
import { NewTabNote } from '../../components/ui/NewTabNote'
import { pagePlaces } from '../../siteContent/recordPlaces'
import { usePlaceMark } from '../PlaceMarks'

/** A dynamic page's blocks, in order. Every text goes through React (escaped) or InlineMarkdown. */
export function PageBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) => {
    switch (block.type) {
      case 'heading':
        return <BlockHeading key={i} block={block} index={i} />
      case 'paragraph':
        return (
          <p key={i}>
            <InlineMarkdown text={block.text} />
          </p>
        )
      case 'list':
        return <BlockList key={i} block={block} />
      case 'image':
        return <BlockImage key={i} block={block} />
      case 'quote':
        return <BlockQuote key={i} block={block} />
      case 'cta':
        return <BlockCta key={i} block={block} />
    }
  })
}

/** `index`: the block's place in the page's content, which a staff render marks (edit mode changes its text). */
function BlockHeading({ block, index }: { block: BlockOf<'heading'>; index: number }) {
  const mark = usePlaceMark(pagePlaces.heading(index))
  return block.level === 3 ? <h3 {...mark}>{block.text}</h3> : <h2 {...mark}>{block.text}</h2>
}

function BlockList({ block }: { block: BlockOf<'list'> }) {
  const items = block.items.map((item, i) => (
    <li key={i}>
      <InlineMarkdown text={item} />
    </li>
  ))
  return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>
}

/** A fixed 16:9 box reserves the image's space before it loads, so the layout never shifts. */
function BlockImage({ block }: { block: BlockOf<'image'> }) {
  return (
    <figure>
      <div className="not-prose aspect-video overflow-hidden rounded-2xl bg-slate-100">
        <ResponsiveImage src={block.src} alt={block.alt} frame="inset" sizes="(min-width: 768px) 45rem, 92vw" className="size-full object-contain" />
      </div>
      {block.caption && <figcaption>{block.caption}</figcaption>}
    </figure>
  )
}

function BlockQuote({ block }: { block: BlockOf<'quote'> }) {
  return (
    <figure>
      <blockquote>
        <p>{block.text}</p>
      </blockquote>
      {block.author && <figcaption>— {block.author}</figcaption>}
    </figure>
  )
}

function BlockCta({ block }: { block: BlockOf<'cta'> }) {
  const external = isExternal(block.href)
  return (
    <p className="not-prose my-8">
      <a
        href={block.href}
        className={buttonVariants({ variant: 'hero', size: 'lg' })}
        {...(external && { target: '_blank', rel: 'noopener noreferrer' })}
      >
        {block.label}
        <Icon name="arrow-right" className="size-4" />
        {external && <NewTabNote />}
      </a>
    </p>
  )
}
