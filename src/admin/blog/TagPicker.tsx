import { Plus } from 'lucide-react'
import { useId, useState, type KeyboardEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { cn } from '../../lib/cn'
import type { TagRow } from './useTags'

interface TagPickerProps {
  tags: TagRow[]
  loading: boolean
  selected: string[]
  onToggle: (tagId: string) => void
  onCreate: (name: string) => Promise<TagRow | null>
}

/** The post form's tags: a new-tag input with a plus button, and badges that toggle selection. */
export function TagPicker({ tags, loading, selected, onToggle, onCreate }: TagPickerProps) {
  const id = useId()
  const [name, setName] = useState('')
  const [creating, setCreating] = useState(false)

  const create = async () => {
    if (!name.trim()) return
    setCreating(true)
    const tag = await onCreate(name)
    setCreating(false)
    if (tag) {
      setName('')
      onToggle(tag.id)
    }
  }
  // Enter adds the tag instead of submitting the whole post.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void create()
    }
  }

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Tags</legend>
      <div className="flex gap-2">
        <label htmlFor={`${id}-new`} className="sr-only">
          Nuevo tag
        </label>
        <Input id={`${id}-new`} value={name} onChange={(e) => setName(e.target.value)} onKeyDown={onKeyDown} placeholder="Nuevo tag" />
        <Button
          type="button"
          size="icon"
          variant="secondary"
          className="shrink-0"
          onClick={() => void create()}
          disabled={creating}
          aria-label="Añadir tag"
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {loading ? (
        <p role="status" className="text-sm text-slate-600">
          Cargando...
        </p>
      ) : tags.length === 0 ? (
        <p className="text-sm text-slate-600">Aún no hay tags: escribe uno y pulsa +.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Tags disponibles (pulsa para seleccionar)">
          {tags.map((tag) => {
            const on = selected.includes(tag.id)
            return (
              <li key={tag.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() => onToggle(tag.id)}
                  className={cn(
                    'rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60',
                    on
                      ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
                      : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700',
                  )}
                >
                  {on && <span aria-hidden="true">✓ </span>}
                  {tag.name}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}
