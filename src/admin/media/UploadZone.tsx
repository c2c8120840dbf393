import { Upload } from 'lucide-react'
import { useEffect, useState, type DragEvent } from 'react'
import { useAdmin } from '../context'
import { FileChooser } from './FileChooser'
import { localProblem, MAX_UPLOAD_BYTES, megabytes, uploadWithProgress } from './mediaLibrary'

interface Upload {
  id: string
  fileName: string
  progress: number
  problem: string | null
  done: boolean
}

/**
 * Choose, drop or paste images: each file uploads on its own with a progress bar and its own outcome, so one
 * refused file does not stop the others. `onUploaded` runs after each success.
 */
export function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const { supabase } = useAdmin()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [dragging, setDragging] = useState(false)

  const update = (id: string, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)))

  const start = (files: File[]) => {
    for (const file of files) {
      const id = crypto.randomUUID()
      const problem = localProblem(file, MAX_UPLOAD_BYTES)
      setUploads((all) => [{ id, fileName: file.name || 'imagen pegada', progress: 0, problem, done: false }, ...all])
      if (problem) continue
      uploadWithProgress(supabase, file, (progress) => update(id, { progress })).then(
        () => {
          update(id, { progress: 1, done: true })
          onUploaded()
        },
        (error: unknown) => update(id, { problem: error instanceof Error ? error.message : String(error) }),
      )
    }
  }

  // An image copied elsewhere (a screenshot, an image from a web page) pasted anywhere in the tab.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'))
      if (files.length === 0) return
      event.preventDefault()
      start(
        files.map((f) =>
          f.name && f.name !== 'image.png' ? f : new File([f], `pegada-${new Date().toISOString().slice(0, 10)}.png`, { type: f.type }),
        ),
      )
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  })

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    start([...event.dataTransfer.files])
  }

  return (
    <div className="grid gap-3">
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="media-dropzone"
        className={`rounded-2xl border-2 border-dashed p-6 text-center transition-colors ${dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white'}`}
      >
        <Upload aria-hidden="true" className="mx-auto size-8 text-slate-500" />
        <p className="mt-2 text-sm text-slate-700">Arrastra imágenes aquí, pégalas con Ctrl+V o</p>
        <FileChooser multiple onFiles={start} className="mt-3">
          Elegir archivos
        </FileChooser>
        <p className="mt-2 text-xs text-slate-600">JPEG, PNG, WebP, AVIF o GIF, hasta {megabytes(MAX_UPLOAD_BYTES)} cada una.</p>
      </div>
      {uploads.length > 0 && (
        <ul aria-label="Subidas" className="grid gap-2">
          {uploads.map((u) => (
            <li key={u.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <div className="flex justify-between gap-3">
                <span className="truncate font-medium text-slate-900">{u.fileName}</span>
                <span role="status" className={u.problem ? 'text-red-700' : 'text-slate-600'}>
                  {u.problem ? 'Error' : u.done ? 'Subida' : `${Math.round(u.progress * 100)} %`}
                </span>
              </div>
              {u.problem ? (
                <p className="mt-1 text-red-700">{u.problem}</p>
              ) : (
                <progress className="mt-2 h-2 w-full accent-brand-700" max={1} value={u.progress} aria-label={`Progreso de ${u.fileName}`} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
