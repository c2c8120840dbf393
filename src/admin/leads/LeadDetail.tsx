import { ArrowLeft, ExternalLink, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { NewTabNote } from '../../components/ui/NewTabNote'
import { formatDateTime } from '../../lib/dates'
import { SelectField } from '../shared/SelectField'
import { LeadAssignment } from './LeadAssignment'
import { LeadBadges, StatusItems } from './LeadBadges'
import { LeadNotes } from './LeadNotes'
import { serviceName, utmFields, type Assignee, type LeadRow, type LeadStatus } from './leads'
import { ReplyLinks } from './ReplyLinks'
import type { NotesResult } from './useLeads'

interface LeadDetailProps {
  lead: LeadRow
  services: ServiceChoice[]
  /** The business's name, for the reply's subject and greeting. */
  brand: string
  /** The team, for «Asignado a». */
  assignees: Assignee[]
  onAssign: (assignee: string | null) => void
  /** A reply link was used (the first response, if nothing came first). */
  onReplied: () => void
  onBack: () => void
  onStatus: (status: LeadStatus) => void
  onSaveNotes: (original: string, notes: string) => Promise<NotesResult>
  onDelete: () => void
  /** Opens «Datos de una persona» for the lead's address (access and erasure requests). */
  onDataSubject: () => void
}

/** One lead: every field as text (nothing a visitor typed is ever read as HTML), where it came from, and what staff do with it. */
export function LeadDetail({
  lead,
  services,
  brand,
  assignees,
  onAssign,
  onReplied,
  onBack,
  onStatus,
  onSaveNotes,
  onDelete,
  onDataSubject,
}: LeadDetailProps) {
  const service = serviceName(services, lead.service)
  const subject = lead.service ? `Tu consulta sobre ${service} — ${brand}` : `Tu consulta — ${brand}`
  const greeting = `Hola, ${lead.name}. Te escribimos de ${brand} por la consulta que nos enviaste desde la web.`
  const campaign = utmFields.filter(([field]) => lead[field])

  return (
    <section aria-labelledby="lead-title" className="grid gap-4">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2 text-slate-700" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> Volver a Contactos
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card>
          <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid min-w-0 gap-1">
              <CardTitle as="h2" id="lead-title" className="break-words text-xl">
                {lead.name}
              </CardTitle>
              <p className="text-sm text-slate-600">Recibido el {formatDateTime(lead.created_at)} (hora de Madrid)</p>
              <LeadBadges lead={lead} />
              {!lead.verified && (
                <p className="text-sm text-amber-900">
                  Enviado sin la verificación anti-spam del navegador (sin JavaScript). Puede ser legítimo, pero compruébalo antes de responder.
                </p>
              )}
            </div>
            <div className="grid shrink-0 grid-cols-1 gap-4 sm:w-60">
              <SelectField label="Estado" value={lead.status} onChange={(status) => onStatus(status as LeadStatus)}>
                <StatusItems />
              </SelectField>
              <LeadAssignment lead={lead} assignees={assignees} onAssign={onAssign} />
            </div>
          </CardHeader>
          <CardContent className="grid gap-6">
            <ReplyLinks lead={lead} subject={subject} greeting={greeting} onReply={onReplied} />
            <Facts title="Datos de contacto">
              <Fact term="Nombre">{lead.name}</Fact>
              <Fact term="Email">{lead.email}</Fact>
              <Fact term="Empresa">{lead.company}</Fact>
              <Fact term="Teléfono">{lead.phone}</Fact>
              <Fact term="Servicio">{service}</Fact>
              <Fact term="Mensaje" wide>
                <span className="whitespace-pre-wrap">{lead.message}</span>
              </Fact>
            </Facts>
            <Facts title="Procedencia">
              <Fact term="Página">
                {isSitePath(lead.page_path) ? (
                  <a
                    href={lead.page_path}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2"
                  >
                    {lead.page_path}
                    <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                    <NewTabNote />
                  </a>
                ) : (
                  lead.page_path
                )}
              </Fact>
              <Fact term="Referente">{lead.referrer}</Fact>
              {campaign.length === 0 ? (
                <Fact term="Campaña (UTM)">{null}</Fact>
              ) : (
                campaign.map(([field, label]) => (
                  <Fact key={field} term={`${label} (${field})`}>
                    {lead[field]}
                  </Fact>
                ))
              )}
            </Facts>
          </CardContent>
        </Card>

        <div className="grid gap-4">
          <LeadNotes key={lead.id} lead={lead} onSave={onSaveNotes} />
          <Card className="grid gap-2 p-5">
            <p className="text-sm text-slate-600">
              Si la persona pide sus datos o que los borremos, abre «Sus datos»: reúne todo lo que guardamos de su correo y lo borra entero.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" className="text-slate-800" onClick={onDataSubject}>
                Sus datos (acceso y supresión)
              </Button>
              <Button variant="outline" size="sm" className="text-red-700" onClick={onDelete}>
                <Trash2 aria-hidden="true" /> Eliminar contacto
              </Button>
            </div>
          </Card>
        </div>
      </div>
    </section>
  )
}

/** A path on this site; «//host» would be another site (a protocol-relative URL), so it stays text. */
function isSitePath(path: string): boolean {
  return /^\/(?![/\\])/.test(path)
}

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">{children}</dl>
    </div>
  )
}

/** One labelled value; «—» (said as «Sin datos») when the visitor left it empty. */
function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">
        {children !== null && children !== undefined && children !== '' ? (
          children
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Sin datos</span>
          </>
        )}
      </dd>
    </div>
  )
}
