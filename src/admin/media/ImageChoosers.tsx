import { useAdmin } from '../context'
import type { MediaChoice } from './mediaLibrary'
import { MediaPicker } from './MediaPicker'
import { UploadButton } from './UploadButton'

/** «Elegir de la biblioteca» and «Subir», side by side under an image's URL field (staff only). */
export function ImageChoosers({ onChoose }: { onChoose: (choice: MediaChoice) => void }) {
  const { canEdit } = useAdmin()
  if (!canEdit) return null
  return (
    <div className="flex flex-wrap items-start gap-2">
      <MediaPicker onPick={onChoose} />
      <UploadButton onUploaded={onChoose} />
    </div>
  )
}
