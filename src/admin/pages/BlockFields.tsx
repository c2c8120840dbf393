import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/nativeSelect'
import { Textarea } from '../../components/ui/textarea'
import type { BlockType } from '../../siteContent/blocks'
import { ImageChoosers } from '../media/ImageChoosers'
import { Field } from '../shared/Field'
import { SwitchField } from '../shared/SwitchField'

/** A stored block as the editor holds it: possibly invalid (it may come from SQL or older code). */
export type RawBlock = Record<string, unknown> & { type: BlockType }

interface BlockFieldsProps {
  block: RawBlock
  onChange: (block: RawBlock) => void
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** The small form of one block, by type. Optional fields left empty are removed from the JSON. */
export function BlockFields({ block, onChange }: BlockFieldsProps) {
  const set = (field: string, value: unknown) => onChange({ ...block, [field]: value })
  const setOptional = (field: string, value: string) => {
    const { [field]: _old, ...rest } = block
    onChange((value ? { ...rest, [field]: value } : rest) as RawBlock)
  }
  const textInput = (field: string, label: string, hint?: string) => (
    <Field label={label} hint={hint}>
      {(c) => <Input {...c} value={str(block[field])} onChange={(e) => set(field, e.target.value)} />}
    </Field>
  )
  const optionalInput = (field: string, label: string) => (
    <Field label={label}>{(c) => <Input {...c} value={str(block[field])} onChange={(e) => setOptional(field, e.target.value)} />}</Field>
  )

  switch (block.type) {
    case 'heading':
      return (
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          {textInput('text', 'Texto del título')}
          <Field label="Nivel">
            {(c) => (
              <NativeSelect {...c} value={block.level === 3 ? '3' : '2'} onChange={(e) => set('level', Number(e.target.value))}>
                <option value="2">Sección (H2)</option>
                <option value="3">Subsección (H3)</option>
              </NativeSelect>
            )}
          </Field>
        </div>
      )
    case 'paragraph':
      return (
        <Field label="Texto" hint="Admite **negrita**, *cursiva* y [enlaces](/ruta).">
          {(c) => <Textarea {...c} rows={4} value={str(block.text)} onChange={(e) => set('text', e.target.value)} />}
        </Field>
      )
    case 'list':
      return (
        <>
          <Field label="Elementos" hint="Uno por línea. Admiten **negrita**, *cursiva* y [enlaces](/ruta).">
            {(c) => (
              <Textarea
                {...c}
                rows={4}
                value={Array.isArray(block.items) ? block.items.map(str).join('\n') : ''}
                onChange={(e) => set('items', e.target.value.split('\n'))}
              />
            )}
          </Field>
          <SwitchField label="Lista numerada" checked={block.ordered === true} onChange={(ordered) => set('ordered', ordered)} />
        </>
      )
    case 'image':
      return (
        <>
          {textInput('src', 'URL de la imagen', 'Una ruta del sitio (/images/…) o una URL https://; o elige o sube una imagen de la biblioteca.')}
          {/* A library image comes with its alt text, which the block keeps and staff may still adjust. */}
          <ImageChoosers onChoose={({ url, alt }) => onChange({ ...block, src: url, alt })} />
          {textInput('alt', 'Texto alternativo', 'Describe la imagen para quien no la ve. Obligatorio.')}
          {optionalInput('caption', 'Pie de foto (opcional)')}
        </>
      )
    case 'quote':
      return (
        <>
          <Field label="Cita">{(c) => <Textarea {...c} rows={3} value={str(block.text)} onChange={(e) => set('text', e.target.value)} />}</Field>
          {optionalInput('author', 'Autor (opcional)')}
        </>
      )
    case 'cta':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {textInput('label', 'Texto del botón')}
          {textInput('href', 'Enlace', 'Una ruta del sitio (/#contacto) o una URL http(s).')}
        </div>
      )
  }
}
