import type { TagRef } from '../../cms/types'
import { BLOG_PATH } from '../../blog/paths'
import { BLOG_TOPICS } from '../../blog/text'
import { Breadcrumb } from './Breadcrumb'

/**
 * The top of /blog (h1 "Blog") and of a tag page (h1 "Artículos sobre {tag}"). The header is fixed, so the
 * page starts below it (pt-32, as LegalPage). From page 2 on, the page number is part of the heading area.
 */
export function BlogIntro({ tag, intro, page = 1, pageCount = 1 }: { tag?: TagRef; intro?: string; page?: number; pageCount?: number }) {
  const text = intro ?? (tag ? `Todo lo que hemos escrito sobre ${tag.name}: casos, guías y decisiones de proyectos reales.` : `${BLOG_TOPICS}.`)
  return (
    <header className="mx-auto max-w-7xl px-4 pt-32 sm:px-6 sm:pt-36 lg:px-8">
      {tag && (
        <Breadcrumb
          trail={[
            { label: 'Inicio', href: '/' },
            { label: 'Blog', href: BLOG_PATH },
          ]}
        />
      )}
      <div className="max-w-3xl">
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {tag ? (
            <>
              Artículos sobre <span className="text-brand-700">{tag.name}</span>
            </>
          ) : (
            'Blog'
          )}
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{text}</p>
        {pageCount > 1 && page > 1 && (
          <p className="mt-2 text-sm font-semibold text-slate-600">
            Página {page} de {pageCount}
          </p>
        )}
      </div>
    </header>
  )
}
