import type { GuardedOutcome } from './conflicts'
import { useConfirmDelete } from './confirm'
import { useEditor } from './useEditor'
import { useGuardedDelete } from './useGuardedDelete'
import { useOpenRecord, type OpenRecordProps } from './useOpenRecord'

interface Records<Row> {
  /** The row as saved now, or null when it is gone. */
  load: (id: string) => Promise<Row | null>
  remove: (id: string, openedAt: string | null) => Promise<GuardedOutcome>
  reload: () => Promise<void>
}

interface Options<Row, Draft> extends OpenRecordProps {
  records: Records<Row>
  /** The draft a row opens as, or null when what it needs could not be read (the editor stays as it is). */
  draftOf: (row: Row) => Draft | null | Promise<Draft | null>
  /** The delete's question, e.g. «¿Estás seguro de eliminar esta página?». */
  question: string
  /** "esta entrada", "esta página": what a delete's conflict message names. */
  subject: string
}

/**
 * A tab of posts or pages: its list with one record open at a time in the form. Opening reads first when
 * it must and opens only if no other click opened or closed the editor meanwhile; a delete asks, then
 * deletes with the edit-conflict precondition; after a refused save the form shows the record as the other
 * person left it, or the list when they deleted it; `openId` (a link from another tab) opens one record.
 * `form` is what the tab's form takes besides its own props, while a record is open.
 */
export function useRecordTab<Row extends { id: string; updated_at: string }, Draft extends { id?: string }>({
  records,
  draftOf,
  question,
  subject,
  openId,
  onOpened,
}: Options<Row, Draft>) {
  const editor = useEditor<Draft>()
  const confirmDelete = useConfirmDelete()
  const guardedDelete = useGuardedDelete()

  const edit = async (row: Row, current = editor.begin()) => {
    const draft = await draftOf(row)
    if (draft && current()) editor.open(draft, false)
  }

  const remove = async (row: Row) => {
    if (await confirmDelete(question)) {
      await guardedDelete((openedAt) => records.remove(row.id, openedAt), row.updated_at, subject)
      await records.reload()
    }
  }

  const showSaved = async (id: string) => {
    const current = editor.begin()
    const row = await records.load(id)
    if (!current()) return
    if (row) await edit(row, current)
    else {
      editor.close()
      void records.reload()
    }
  }

  useOpenRecord(openId, onOpened, showSaved)

  const { draft } = editor
  const form = draft && {
    draft,
    isNew: editor.isNew,
    onChange: editor.patch,
    onShowTheirs: () => void showSaved(draft.id!),
    onClose: () => {
      editor.close()
      void records.reload()
    },
  }

  return { form, create: (draft: Draft) => editor.open(draft, true), edit: (row: Row) => void edit(row), remove: (row: Row) => void remove(row) }
}
