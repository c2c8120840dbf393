import { Download, UserSearch, UsersRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useData } from 'vike-react/useData'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { Button } from '../../components/ui/button'
import { DataSubjectDialog } from '../dataSubject/DataSubjectDialog'
import { formatDateTime, madridDay } from '../../lib/dates'
import { toast } from '../../lib/toast'
import type { SeoCatalog } from '../seo/seoPages'
import { useAdmin } from '../context'
import { useIsAdmin } from '../staff'
import { useConfirm } from '../shared/confirm'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { TabHeader } from '../shared/TabHeader'
import { useLeaveGuard } from '../shared/unsaved'
import { LeadBadges } from './LeadBadges'
import { LeadDetail } from './LeadDetail'
import { LeadFilters } from './LeadFilters'
import { AssignmentRules } from './AssignmentRules'
import { BulkAssign } from './BulkAssign'
import { assigneeName, filterLeads, noFilter, serviceName, type LeadFilter, type LeadRow, type LeadStatus } from './leads'
import { leadIdFrom, leadPath } from '../../leads/leadUrl'
import { LEADS_LIMIT, useLeads } from './useLeads'
import { useAssignees, useAssignLeads } from './useAssignment'

interface LeadsTabProps {
  /** Called after every change, so the unread count elsewhere follows. */
  onChanged: () => void
}

/** The Contactos tab: the site's enquiries, new ones first; filters, search, CSV export and each lead's detail. */
export function LeadsTab({ onChanged }: LeadsTabProps) {
  const { services, seo } = useData<{ services: ServiceChoice[]; seo: SeoCatalog }>()
  const leads = useLeads()
  const { supabase, user } = useAdmin()
  const isAdmin = useIsAdmin(supabase, user.id)
  const assignees = useAssignees()
  const assignLeads = useAssignLeads(assignees)
  // Leads ticked in the list for «Asignar a»; only the visible ones are assigned.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [showRules, setShowRules] = useState(false)
  const [filter, setFilter] = useState<LeadFilter>(noFilter)
  // The lead the address names (/admin?lead=<id>), once: leaving the tab puts the address back on /admin.
  const [openId, setOpenId] = useState(() => leadIdFrom(window.location.search))
  // «Datos de una persona»: the address it was opened for ('' from the list's button), or null when closed; after an
  // erasure the list follows once it closes (leaving the lead before would remount the dialog elsewhere).
  const [dataSubject, setDataSubject] = useState<string | null>(null)
  const [erased, setErased] = useState(false)
  const mayLeave = useLeaveGuard()
  const confirm = useConfirm()
  useLeadInAddress(openId)

  const visible = filterLeads(leads.rows, filter, user.id)
  const ticked = visible.filter((l) => selected.has(l.id))
  const filtered = JSON.stringify(filter) !== JSON.stringify(noFilter)
  const open = leads.rows.find((l) => l.id === openId)

  const changed = async () => {
    onChanged()
    await leads.reload()
  }
  const assign = async (targets: LeadRow[], assignee: string | null) => {
    if (await assignLeads(targets, assignee)) setSelected(new Set())
    // Reloaded either way: after a conflict the list shows what the other person did.
    await changed()
  }
  const tick = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const setStatus = async (lead: LeadRow, status: LeadStatus) => {
    if (await leads.setStatus(lead.id, status)) await changed()
  }
  const remove = async (lead: LeadRow) => {
    const sure = await confirm({
      title: `¿Eliminar el contacto de «${lead.name}»?`,
      description: 'Se borrarán definitivamente sus datos y las notas del equipo (derecho de supresión). Esta acción no se puede deshacer.',
      confirmLabel: 'Eliminar',
      destructive: true,
    })
    if (sure && (await leads.remove(lead.id))) {
      setOpenId(null)
      await changed()
    }
  }
  const exportCsv = async () => {
    const { leadsCsv, downloadCsv } = await import('./leadsCsv')
    downloadCsv(`contactos-${madridDay()}.csv`, leadsCsv(visible, services))
    toast({ title: 'CSV descargado', description: `${visible.length} ${visible.length === 1 ? 'contacto' : 'contactos'}.` })
  }

  const dataSubjectDialog = (
    <DataSubjectDialog
      address={dataSubject}
      brand={seo.site.brand}
      onClose={() => {
        setDataSubject(null)
        if (!erased) return
        setErased(false)
        setOpenId(null)
        void changed()
      }}
      onErased={() => setErased(true)}
    />
  )

  if (openId) {
    if (!open) {
      return (
        <p role="status" className="text-slate-700">
          {leads.loading ? 'Cargando...' : 'Este contacto no existe o se ha eliminado.'}{' '}
          {!leads.loading && (
            <Button variant="link" className="h-auto p-0" onClick={() => setOpenId(null)}>
              Volver a Contactos
            </Button>
          )}
        </p>
      )
    }
    return (
      <>
        <LeadDetail
          lead={open}
          services={services}
          brand={seo.site.brand}
          assignees={assignees}
          onAssign={(assignee) => void assign([open], assignee)}
          onReplied={() => void supabase.rpc('lead_replied', { lead: open.id }).then(() => leads.reload())}
          onBack={() => void mayLeave().then((ok) => ok && setOpenId(null))}
          onStatus={(status) => void setStatus(open, status)}
          onSaveNotes={async (original, notes) => {
            const result = await leads.saveNotes(open, original, notes)
            if (result.kind !== 'failed') await leads.reload()
            return result
          }}
          onDelete={() => void remove(open)}
          onDataSubject={() => setDataSubject(open.email)}
        />
        {dataSubjectDialog}
      </>
    )
  }

  return (
    <section aria-labelledby="leads-title">
      <TabHeader title="Contactos" titleId="leads-title" description="Las consultas que llegan por el formulario de contacto del sitio.">
        {isAdmin && (
          <Button variant="outline" className="text-slate-800" aria-expanded={showRules} onClick={() => setShowRules((shown) => !shown)}>
            <UsersRound aria-hidden="true" /> Asignación automática
          </Button>
        )}
        <Button variant="outline" className="text-slate-800" onClick={() => setDataSubject('')}>
          <UserSearch aria-hidden="true" /> Datos de una persona
        </Button>
        <Button variant="outline" className="text-slate-800" disabled={visible.length === 0} onClick={() => void exportCsv()}>
          <Download aria-hidden="true" /> Exportar CSV
        </Button>
      </TabHeader>
      {isAdmin && showRules && <AssignmentRules services={services} assignees={assignees} />}
      {dataSubjectDialog}
      <LeadFilters filter={filter} services={services} assignees={assignees} onChange={(changes) => setFilter((f) => ({ ...f, ...changes }))} />
      <p role="status" className="mb-3 text-sm text-slate-600">
        {leads.loading
          ? ''
          : `${visible.length} ${visible.length === 1 ? 'contacto' : 'contactos'}${filtered ? ' con estos filtros' : ''}` +
            (leads.rows.length >= LEADS_LIMIT ? ` (se muestran los ${LEADS_LIMIT} más recientes)` : '')}
      </p>
      {ticked.length > 0 && (
        <BulkAssign
          count={ticked.length}
          assignees={assignees}
          onAssign={(assignee) => assign(ticked, assignee)}
          onClear={() => setSelected(new Set())}
        />
      )}
      <RecordList
        rows={visible}
        loading={leads.loading}
        loadingLabel="Cargando contactos..."
        label="Contactos"
        getKey={(l) => l.id}
        emptyTitle={filtered ? 'Ningún contacto coincide' : 'Todavía no hay contactos'}
        emptyDescription={
          filtered
            ? 'Cambia el estado, el servicio o la búsqueda.'
            : 'Aquí aparecerá cada consulta que llegue por el formulario de contacto del sitio.'
        }
      >
        {(lead) => (
          <RecordCard
            title={lead.name}
            links={
              <>
                <label className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={selected.has(lead.id)}
                    onChange={(event) => tick(lead.id, event.target.checked)}
                  />
                  Seleccionar<span className="sr-only"> el contacto de «{lead.name}»</span>
                </label>
                <Button
                  size="sm"
                  variant={lead.status === 'nuevo' ? 'default' : 'outline'}
                  className={lead.status === 'nuevo' ? undefined : 'text-slate-800'}
                  onClick={() => setOpenId(lead.id)}
                  aria-label={`Ver el contacto de «${lead.name}»`}
                >
                  Ver
                </Button>
              </>
            }
          >
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <LeadBadges lead={lead} />
              <span>{formatDateTime(lead.created_at)}</span>
              <span>{lead.assigned_to ? `Asignado a ${assigneeName(assignees, lead.assigned_to)}` : 'Sin asignar'}</span>
            </span>
            <span className="break-all">
              {lead.email}
              {lead.company && ` · ${lead.company}`}
            </span>
            <span>
              {serviceName(services, lead.service)} · desde {lead.page_path}
            </span>
            <span className="line-clamp-2 whitespace-pre-line text-slate-700">{lead.message}</span>
          </RecordCard>
        )}
      </RecordList>
    </section>
  )
}

/**
 * Keeps the address bar on the open lead (/admin?lead=<id>), so it can be copied, reloaded or shared
 * with a colleague, and back on /admin when the list is shown or the tab is left. history.state is kept
 * as is: it holds Vike's own navigation state.
 */
function useLeadInAddress(openId: string | null) {
  useEffect(() => {
    const show = (path: string) => window.history.replaceState(window.history.state, '', path)
    show(openId ? leadPath(openId) : '/admin')
    return () => show('/admin')
  }, [openId])
}
