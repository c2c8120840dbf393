import { Upload } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { mediaPath } from '../../lib/imageVariants'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { Field } from '../shared/Field'
import { FileChooser } from './FileChooser'
import { localProblem, MAX_UPLOAD_BYTES, saveAlt, uploadWithProgress, type MediaChoice } from './mediaLibrary'

type Step =
  { kind: 'idle' } | { kind: 'uploading'; fileName: string; progress: number } | { kind: 'failed'; problem: string } | { kind: 'alt'; name: string }

/**
 * «Subir» beside an image field: uploads one image to the library with its progress, then asks for its alt
 * text (required before an image is used in content) and hands the form its path and that text.
 */
export function UploadButton({ onUploaded }: { onUploaded: (choice: MediaChoice) => void }) {
  const { supabase } = useAdmin()
  const [step, setStep] = useState<Step>({ kind: 'idle' })

  const upload = ([file]: File[]) => {
    if (!file) return
    const problem = localProblem(file, MAX_UPLOAD_BYTES)
    if (problem) return setStep({ kind: 'failed', problem })
    setStep({ kind: 'uploading', fileName: file.name, progress: 0 })
    uploadWithProgress(supabase, file, (progress) => setStep({ kind: 'uploading', fileName: file.name, progress })).then(
      (name) => setStep({ kind: 'alt', name }),
      (error: unknown) => setStep({ kind: 'failed', problem: error instanceof Error ? error.message : String(error) }),
    )
  }

  return (
    <div className="grid gap-1.5">
      <FileChooser variant="secondary" size="sm" onFiles={upload} className="justify-self-start">
        {/* «Subir» alone could be heard as moving a block up: the name says what it uploads. */}
        <Upload aria-hidden="true" /> Subir<span className="sr-only"> imagen</span>
      </FileChooser>
      {step.kind === 'uploading' && (
        <progress className="h-2 w-48 accent-brand-700" max={1} value={step.progress} aria-label={`Progreso de ${step.fileName}`} />
      )}
      {step.kind === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {step.problem}
        </p>
      )}
      <AltDialog
        name={step.kind === 'alt' ? step.name : null}
        onDone={(alt) => {
          if (step.kind === 'alt') onUploaded({ url: mediaPath(step.name), alt })
          setStep({ kind: 'idle' })
        }}
        onCancel={() => {
          setStep({ kind: 'idle' })
          toast({ title: 'La imagen está en la biblioteca sin texto alternativo', description: 'Escríbelo en la pestaña Medios para usarla.' })
        }}
      />
    </div>
  )
}

/** The alt text of a just-uploaded image, saved to the library before the image is used. */
function AltDialog({ name, onDone, onCancel }: { name: string | null; onDone: (alt: string) => void; onCancel: () => void }) {
  const { supabase } = useAdmin()
  const [alt, setAlt] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name) return
    if (!alt.trim()) return setError('Escribe el texto alternativo: describe la imagen para quien no la ve.')
    setSaving(true)
    try {
      await saveAlt(supabase, name, alt)
      onDone(alt.trim())
      setAlt('')
      setError(null)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
    setSaving(false)
  }

  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogTitle>Texto alternativo</DialogTitle>
        <DialogDescription>La imagen ya está en la biblioteca. Descríbela para quien no la ve: es obligatorio para usarla.</DialogDescription>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)}>
          <Field label="Texto alternativo" error={error}>
            {(control) => <Input {...control} value={alt} maxLength={300} autoFocus onChange={(e) => setAlt(e.target.value)} />}
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" className="text-slate-700">
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" disabled={saving}>
              Usar imagen
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
