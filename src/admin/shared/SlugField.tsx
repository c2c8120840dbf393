import { Input } from '../../components/ui/input'
import { normaliseSlug } from '../../lib/slug'
import { Field } from './Field'

interface SlugFieldProps {
  value: string
  /** The slug as typed, already normalised (accents stripped, spaces to hyphens). */
  onChange: (slug: string) => void
  /** The address the slug gives, under the field. */
  hint: string
  error?: string | null
  onBlur?: () => void
  placeholder?: string
}

/** A post's or page's «Slug (URL)»: typed as it will stand in the address, never spell-checked or capitalised. */
export function SlugField({ value, onChange, hint, error, onBlur, placeholder }: SlugFieldProps) {
  return (
    <Field label="Slug (URL)" error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          value={value}
          spellCheck={false}
          autoCapitalize="none"
          placeholder={placeholder}
          onBlur={onBlur}
          onChange={(e) => onChange(normaliseSlug(e.target.value))}
        />
      )}
    </Field>
  )
}
