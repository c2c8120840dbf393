import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../components/ui/button'
import { blockProblem, blockTypeLabels, blockTypes, emptyBlock, type BlockType } from '../../siteContent/blocks'
import { BlockFields, type RawBlock } from './BlockFields'

interface BlockEditorProps {
  blocks: unknown[]
  onChange: (blocks: unknown[]) => void
}

const isKnown = (value: unknown): value is RawBlock =>
  typeof value === 'object' && value !== null && blockTypes.includes((value as { type?: unknown }).type as BlockType)

/**
 * The page's blocks as small forms: add one of a type, edit its fields, move it, remove it. It edits
 * the same array the JSON view shows, so both always agree; a block the schema refuses shows why.
 */
export function BlockEditor({ blocks, onChange }: BlockEditorProps) {
  const addId = useId()
  const [type, setType] = useState<BlockType>('paragraph')
  const replace = (index: number, block: unknown) => onChange(blocks.map((b, i) => (i === index ? block : b)))
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks]
    const [block] = next.splice(index, 1)
    next.splice(index + by, 0, block)
    onChange(next)
  }

  return (
    <div className="grid gap-4">
      {blocks.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          La página aún no tiene bloques. Añade el primero.
        </p>
      )}
      <ol className="grid gap-4" aria-label="Bloques de la página">
        {blocks.map((block, index) => {
          const position = index + 1
          const problem = blockProblem(block)
          const name = isKnown(block) ? blockTypeLabels[block.type] : 'Bloque desconocido'
          return (
            <li key={index} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4" aria-label={`Bloque ${position}: ${name}`}>
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold text-slate-900">
                  <span className="text-slate-500">{position}.</span> {name}
                </p>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Subir bloque ${position}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Bajar bloque ${position}`}
                    disabled={index === blocks.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Quitar bloque ${position}`}
                    onClick={() => onChange(blocks.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              {isKnown(block) && (
                <div className="grid gap-4">
                  <BlockFields block={block} onChange={(b) => replace(index, b)} />
                </div>
              )}
              {problem && <p className="mt-3 text-sm font-medium text-red-700">Este bloque no se puede guardar: {problem}.</p>}
            </li>
          )
        })}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <label htmlFor={addId} className="text-sm font-medium text-slate-900">
            Tipo de bloque
          </label>
          <select
            id={addId}
            value={type}
            onChange={(e) => setType(e.target.value as BlockType)}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm sm:w-48"
          >
            {blockTypes.map((t) => (
              <option key={t} value={t}>
                {blockTypeLabels[t]}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="secondary" onClick={() => onChange([...blocks, emptyBlock(type)])}>
          <Plus aria-hidden="true" /> Añadir bloque
        </Button>
      </div>
    </div>
  )
}
