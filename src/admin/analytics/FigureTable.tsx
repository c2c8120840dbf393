import { Fragment, useState, type ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/cn'

export interface Column<T> {
  header: string
  /** What a phone shows instead of a long header; screen readers still hear the header. */
  short?: string
  /** The cell's text; figures are right-aligned in tabular numbers. */
  cell: (row: T) => ReactNode
  numeric?: boolean
}

interface FigureTableProps<T> {
  title: string
  /** The first column's header: the row's name (a path, a source…), a row header, shown as text. */
  nameHeader: string
  name: (row: T) => string
  columns: Column<T>[]
  rows: T[]
  empty: string
  /** Rows shown before «Mostrar todas». */
  limit?: number
  note?: string
  className?: string
}

/**
 * A card with a table of figures per page, source, campaign…: the first rows, and the rest on demand. Names come
 * from visitors (paths, referrers, UTM values): they are text, and long ones wrap instead of widening the page.
 */
export function FigureTable<T>({ title, nameHeader, name, columns, rows, empty, limit = 10, note, className }: FigureTableProps<T>) {
  const [all, setAll] = useState(false)
  const shown = all ? rows : rows.slice(0, limit)
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        {note && <p className="text-sm text-slate-600">{note}</p>}
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">{empty}</p>
        ) : (
          <>
            {/* A table wider than a phone scrolls sideways: the keyboard must reach it (axe: scrollable-region-focusable). */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <div className="-mx-1 overflow-x-auto px-1" tabIndex={0} role="region" aria-label={title}>
              <table className="w-full text-sm">
                <caption className="sr-only">{title}</caption>
                <thead className="border-b border-slate-200 text-xs text-slate-600 sm:text-sm">
                  <tr>
                    <th scope="col" className="py-2 pr-1 text-left font-medium sm:pr-3">
                      {nameHeader}
                    </th>
                    {columns.map((c) => (
                      <th key={c.header} scope="col" className={cn('py-2 pl-2 font-medium sm:pl-3', c.numeric ? 'text-right' : 'text-left')}>
                        {c.short ? (
                          <>
                            <span aria-hidden="true" className="sm:hidden">
                              {c.short}
                            </span>
                            <span className="max-sm:sr-only">{c.header}</span>
                          </>
                        ) : (
                          c.header
                        )}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 text-[13px] sm:text-sm">
                  {shown.map((row) => (
                    <tr key={name(row)}>
                      <th
                        scope="row"
                        className="max-w-[16rem] min-w-[6rem] py-2 pr-1 text-left font-normal text-slate-900 [overflow-wrap:anywhere] sm:pr-3"
                      >
                        <Breakable text={name(row)} />
                      </th>
                      {columns.map((c) => (
                        <td key={c.header} className={cn('py-2 pl-2 whitespace-nowrap sm:pl-3', c.numeric && 'text-right tabular-nums')}>
                          {c.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {rows.length > limit && (
              <Button variant="link" size="sm" className="mt-2 h-auto px-0" onClick={() => setAll((a) => !a)} aria-expanded={all}>
                {all ? `Mostrar solo las ${limit} primeras` : `Mostrar las ${rows.length} filas`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** A path or host with a line-break opportunity after each «/», «-», «.» and «_» but a leading one, so a narrow column breaks it there first. */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=.[/\-._])/)
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ))
}
