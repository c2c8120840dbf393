import { ImageChoosers } from '../media/ImageChoosers'
import { Suspense, lazy, useState } from 'react'
import { refuseSave, useRecordSave } from '../shared/useRecordSave'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { formatDate } from '../../lib/dates'
import { slugOrTitle } from '../../lib/slug'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import { SlugField } from '../shared/SlugField'
import { PublicationFields } from '../shared/PublicationFields'
import { scheduleHint } from '../../cms/schedule'
import { EditorWithPreview } from '../preview/EditorWithPreview'
import { LivePreview } from '../preview/LivePreview'
import { postErrors, postPath, type PostErrors, type PostDraft } from '../../cms/posts'
import { TagPicker } from './TagPicker'
import type { SaveResult } from './usePosts'
import type { useTags } from './useTags'

// CodeMirror is fetched when a post is first opened, not with the rest of the panel.
const MarkdownEditor = lazy(() => import('../shared/MarkdownEditor'))

interface PostFormProps {
  draft: PostDraft
  isNew: boolean
  tags: ReturnType<typeof useTags>
  onChange: (changes: Partial<PostDraft>) => void
  onSave: (draft: PostDraft) => Promise<SaveResult>
  onClose: () => void
  /** After a save refused by an edit conflict: open the post as saved now. */
  onShowTheirs: () => void
}

/** "Nueva Entrada" / "Editar Entrada", beside the post as the site renders it (../preview/LivePreview.tsx). */
export function PostForm({ draft, isNew, tags, onChange, onSave, onClose, onShowTheirs }: PostFormProps) {
  // A field's problem is shown once the field is left or a save is tried, not while it is first typed.
  const [checked, setChecked] = useState<Set<keyof PostErrors>>(new Set())
  const errors = postErrors(draft)
  const errorOf = (field: keyof PostErrors) => (checked.has(field) ? errors[field] : undefined)
  const check = (field: keyof PostErrors) => setChecked((prev) => new Set(prev).add(field))

  const { card } = useRecordSave(
    draft,
    async (next) => {
      const result = await onSave(next)
      // The post exists even if its tags failed: later saves must update it (from the version now saved), not insert it again.
      if (!result.ok && result.id && result.updatedAt) onChange({ id: result.id, updated_at: result.updatedAt })
      return result
    },
    {
      subject: 'esta entrada',
      onClose,
      onShowTheirs,
      ready: () => {
        if (!draft.title.trim() || !draft.content.trim()) return refuseSave('El título y contenido son obligatorios')
        const problems = [...Object.values(errors), ...(draft.published ? [scheduleHint(draft.schedule).error] : [])].filter(Boolean)
        if (problems.length > 0) {
          setChecked(new Set(['slug', 'featured_image']))
          return refuseSave(problems.join(' '))
        }
        return true
      },
    },
  )

  const toggleTag = (tagId: string) =>
    onChange({ tagIds: draft.tagIds.includes(tagId) ? draft.tagIds.filter((t) => t !== tagId) : [...draft.tagIds, tagId].sort() })

  const preview = {
    kind: 'post',
    id: draft.id,
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt,
    content: draft.content,
    featuredImage: draft.featured_image,
    tagIds: draft.tagIds,
  } as const

  return (
    <EditorWithPreview preview={<LivePreview draft={preview} />}>
      <EditorCard title={isNew ? 'Nueva Entrada' : 'Editar Entrada'} {...card}>
        <div className="grid items-start gap-5 md:grid-cols-2">
          <Field label="Título">
            {(control) => <Input {...control} autoFocus value={draft.title} onChange={(e) => onChange({ title: e.target.value })} />}
          </Field>
          <SlugField
            value={draft.slug}
            onChange={(slug) => onChange({ slug })}
            error={errorOf('slug')}
            hint={draft.slug ? `URL: ${postPath(slugOrTitle(draft.slug, ''))}` : `Si lo dejas vacío: ${postPath(slugOrTitle('', draft.title))}`}
            onBlur={() => check('slug')}
          />
        </div>
        <Field label="Extracto">
          {(control) => <Textarea {...control} rows={3} value={draft.excerpt} onChange={(e) => onChange({ excerpt: e.target.value })} />}
        </Field>
        <Field label="Contenido">
          {(control) => (
            <Suspense
              fallback={<p className="grid h-96 place-items-center rounded-lg border border-slate-300 text-sm text-slate-600">Cargando el editor…</p>}
            >
              <MarkdownEditor
                control={control}
                value={draft.content}
                placeholder="Escribe el contenido del post. Se admite Markdown: ## títulos, **negrita**, listas, [enlaces](https://...)"
                onChange={(content) => onChange({ content })}
              />
            </Suspense>
          )}
        </Field>
        <Field
          label="Imagen destacada (URL)"
          error={errorOf('featured_image')}
          hint="Una URL https://... o una ruta del sitio como /images/foto.jpg; o elige o sube una imagen de la biblioteca."
        >
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="url"
              placeholder="https://..."
              value={draft.featured_image}
              spellCheck={false}
              autoCapitalize="none"
              onBlur={() => check('featured_image')}
              onChange={(e) => onChange({ featured_image: e.target.value })}
            />
          )}
        </Field>
        <ImageChoosers onChoose={({ url }) => onChange({ featured_image: url })} />
        <TagPicker tags={tags.rows} loading={tags.loading} selected={draft.tagIds} onToggle={toggleTag} onCreate={tags.create} />
        <PublicationFields
          label="Publicado"
          hint={draft.published && draft.published_at && !draft.schedule ? `Publicado el ${formatDate(draft.published_at)}` : undefined}
          draft={draft}
          onChange={onChange}
        />
      </EditorCard>
    </EditorWithPreview>
  )
}
