import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { useAdmin } from '../context'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { TabHeader } from '../shared/TabHeader'
import { useLeaveGuard } from '../shared/unsaved'
import { useEditor } from '../shared/useEditor'
import { BlockForm } from './BlockForm'
import { contentPages, type ContentPageKey } from './contentPages'
import { useContentBlocks, type ContentBlockRow } from './useContentBlocks'

/** SPEC.md §2 "Contenido tab": the editable blocks of one page, edited in place. */
export function ContentTab() {
  const { canEdit } = useAdmin()
  const selectId = useId()
  const [page, setPage] = useState<ContentPageKey>('home')
  const blocks = useContentBlocks(page)
  const editor = useEditor<ContentBlockRow>()
  const mayLeave = useLeaveGuard()
  const [creating, setCreating] = useState(false)

  const choosePage = async (next: ContentPageKey) => {
    if (next === page || !(await mayLeave())) return
    editor.close()
    setPage(next)
  }
  const edit = async (block: ContentBlockRow) => {
    if (await mayLeave()) editor.open(block, false)
  }
  const create = async () => {
    if (!(await mayLeave())) return
    setCreating(true)
    const block = await blocks.create()
    setCreating(false)
    if (block) editor.open(block, false)
  }

  return (
    <section aria-labelledby="content-title">
      <TabHeader title="Bloques de Contenido" titleId="content-title" description="Textos editables de las páginas del sitio.">
        <div className="grid gap-1.5 sm:w-60">
          <Label htmlFor={selectId}>Página</Label>
          <Select value={page} onValueChange={(v) => void choosePage(v as ContentPageKey)}>
            <SelectTrigger id={selectId}><SelectValue /></SelectTrigger>
            <SelectContent>
              {contentPages.map((p) => <SelectItem key={p.key} value={p.key}>{p.label}</SelectItem>)}
            </SelectContent>
          </Select>
        </div>
        {canEdit && (
          <Button onClick={() => void create()} disabled={creating}><Plus aria-hidden="true" /> Crear nuevo bloque</Button>
        )}
      </TabHeader>
      <RecordList rows={blocks.rows} loading={blocks.loading} label="Bloques de contenido" getKey={(b) => String(b.id)}
        emptyTitle="Esta página no tiene bloques" emptyDescription="Crea uno con «Crear nuevo bloque» y edita su sección, título y texto.">
        {(block) =>
          editor.draft?.id === block.id ? (
            <BlockForm draft={editor.draft} onChange={editor.patch} onSave={blocks.save}
              onClose={() => { editor.close(); void blocks.reload() }} />
          ) : (
            <RecordCard title={block.title || block.key} onEdit={() => void edit(block)}>
              <span>Sección: {block.section}</span>
              <span className="line-clamp-2 text-slate-700">{block.content}</span>
            </RecordCard>
          )
        }
      </RecordList>
    </section>
  )
}
