import { ArrowDown, ArrowUp, Plus, Trash2, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { NativeSelect } from '../../components/ui/nativeSelect'
import { blockProblem, blockTypeLabels, blockTypes, emptyBlock, type BlockType } from '../../siteContent/blocks'
import { Field } from '../shared/Field'
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
                  <BlockAction label={`Subir bloque ${position}`} icon={ArrowUp} disabled={index === 0} onClick={() => move(index, -1)} />
                  <BlockAction
                    label={`Bajar bloque ${position}`}
                    icon={ArrowDown}
                    disabled={index === blocks.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <BlockAction label={`Quitar bloque ${position}`} icon={Trash2} onClick={() => onChange(blocks.filter((_, i) => i !== index))} />
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
        <Field label="Tipo de bloque">
          {(control) => (
            <NativeSelect
              {...control}
              value={type}
              onChange={(e) => setType(e.target.value as BlockType)}
              className="sm:w-48"
              options={blockTypes.map((t) => ({ value: t, label: blockTypeLabels[t] }))}
            />
          )}
        </Field>
        <Button type="button" variant="secondary" onClick={() => onChange([...blocks, emptyBlock(type)])}>
          <Plus aria-hidden="true" /> Añadir bloque
        </Button>
      </div>
    </div>
  )
}

/** One of a block's icon buttons (up, down, remove), named for screen readers by what it does to which block. */
function BlockAction({ label, icon: Icon, disabled, onClick }: { label: string; icon: LucideIcon; disabled?: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" />
    </Button>
  )
}
