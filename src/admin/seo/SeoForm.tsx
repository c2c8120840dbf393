import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { cn } from '../../lib/cn'
import { useAdmin } from '../context'
import type { GuardedOutcome } from '../shared/conflicts'
import { ConflictNotice } from '../shared/ConflictNotice'
import { Field } from '../shared/Field'
import { SwitchField } from '../shared/SwitchField'
import { useEditor } from '../shared/useEditor'
import { useGuardedSave } from '../shared/useGuardedSave'
import { useSaveShortcut } from '../shared/useSaveShortcut'
import { SEO_LIMITS } from '../../lib/seoLimits'
import type { Site } from '../../siteContent/schema'
import { liveHead } from './liveHead'
import type { SeoRecord, SeoTextField } from './seoRecord'
import type { SeoPage } from './seoPages'
import { SerpPreview } from './SerpPreview'

interface SeoFormProps {
  page: SeoPage
  site: Site
  initial: SeoRecord
  /** Saves unless someone else saved the row since it was opened (then the conflict); `version` overwrites theirs. */
  onSave: (record: SeoRecord, version?: string) => Promise<GuardedOutcome>
  /** After a save refused by an edit conflict: the row as saved now, in a fresh form. */
  onShowTheirs: () => void
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  )
}

/** "n/60": a live count that turns red past the limit (a stored value may predate it). */
function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={cn(value.length > max && 'font-semibold text-red-700')}>
      {value.length}/{max}
    </span>
  )
}

/** The metadata of one page, with a search-result preview beside it. */
export function SeoForm({ page, site, initial, onSave, onShowTheirs }: SeoFormProps) {
  const { canEdit } = useAdmin()
  // Open from the first render: the form is mounted (keyed by page) only once its record is loaded, and a
  // later reading of the record (after a restore) mounts it again.
  const editor = useEditor<SeoRecord>(initial)
  const guarded = useGuardedSave(
    async ({ record, version }: { record: SeoRecord; version?: string }) => {
      const result = await onSave(record, version)
      // The saved values become the new baseline, so the form is no longer "unsaved".
      if (result.ok) editor.open(record, false)
      return result
    },
    {
      subject: 'esta ficha SEO',
      onSaved: () => {},
      onShowTheirs,
      withVersion: (draft, version) => ({ ...draft, version }),
      resave: () => void save(),
    },
  )
  const saving = guarded.saving
  const record = editor.draft ?? initial
  // Every empty field shows, as its placeholder, what the site shows for it now.
  const live = liveHead(page, record, site)

  const save = async () => {
    if (saving || !editor.draft) return
    await guarded.submit({ record: editor.draft })
  }
  useSaveShortcut(() => void save(), canEdit)

  const text = (field: SeoTextField, label: string, options: { max?: number; multiline?: boolean; type?: string; hint?: string } = {}) => (
    <Field label={label} hint={options.hint} aside={options.max ? <Counter value={record[field]} max={options.max} /> : undefined}>
      {(control) => {
        const common = {
          ...control,
          value: record[field],
          maxLength: options.max,
          placeholder: live[field],
          onChange: (e: { target: { value: string } }) =>
            editor.patch({ [field]: options.max ? e.target.value.slice(0, options.max) : e.target.value }),
        }
        return options.multiline ? <Textarea {...common} rows={3} /> : <Input {...common} type={options.type ?? 'text'} />
      }}
    </Field>
  )

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
      noValidate
      aria-label={`SEO de ${page.path}`}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <fieldset disabled={!canEdit || saving} className="grid min-w-0 gap-6">
        <legend className="sr-only">Metadatos de {page.path}</legend>
        <Section title="Meta Tags Básicos">
          {text('meta_title', 'Meta título', { max: SEO_LIMITS.title })}
          {text('meta_description', 'Meta descripción', {
            max: SEO_LIMITS.description,
            multiline: true,
            hint: `Lo ideal: entre 150 y ${SEO_LIMITS.description} caracteres.`,
          })}
          {text('keywords', 'Palabras clave', { hint: 'Separadas por comas.' })}
          {text('canonical_url', 'URL canónica', { type: 'url' })}
        </Section>
        <Section title="Open Graph">
          {text('og_title', 'Título OG')}
          {text('og_description', 'Descripción OG', { multiline: true })}
          {text('og_image', 'Imagen OG (URL)', { type: 'url' })}
        </Section>
        <Section title="Twitter Card">
          {text('twitter_title', 'Título de Twitter')}
          {text('twitter_description', 'Descripción de Twitter', { multiline: true })}
          {text('twitter_image', 'Imagen de Twitter (URL)', { type: 'url' })}
        </Section>
        <Section title="Configuración Avanzada">
          <SwitchField label="No indexar" checked={record.noindex} onChange={(noindex) => editor.patch({ noindex })} />
          <SwitchField label="No seguir enlaces (nofollow)" checked={record.nofollow} onChange={(nofollow) => editor.patch({ nofollow })} />
          <p className="text-sm text-slate-600">
            Etiqueta robots resultante: <code className="font-mono text-slate-800">{live.robots}</code>
          </p>
        </Section>
        {guarded.conflict && <ConflictNotice {...guarded.conflict} />}
        {canEdit && (
          <div className="flex items-center justify-end gap-3">
            <span className="hidden text-xs text-slate-600 sm:inline">Ctrl/⌘ + S para guardar</span>
            <Button type="submit" size="lg" disabled={saving} aria-busy={saving}>
              {saving ? 'Guardando...' : 'Guardar SEO'}
            </Button>
          </div>
        )}
      </fieldset>
      <div className="lg:sticky lg:top-6">
        <SerpPreview title={live.meta_title} description={live.meta_description} url={live.canonical_url} noindex={record.noindex} />
      </div>
    </form>
  )
}
