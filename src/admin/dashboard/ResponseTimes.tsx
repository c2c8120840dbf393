import { Timer } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { SelectField } from '../shared/SelectField'
import { describeError } from '../../cms/errors'
import { durationLabel, RESPONSE_PERIODS, responseSummary, type ResponseSummary } from './responseFigures'

/**
 * The dashboard's «Tiempo de respuesta»: for the leads received in the chosen period, the median time to the
 * first response and the share answered within the site's promise (public.lead_response_times).
 */
export function ResponseTimes() {
  const { supabase } = useAdmin()
  const [days, setDays] = useState(String(RESPONSE_PERIODS[1]))
  const [summary, setSummary] = useState<ResponseSummary | null>(null)

  useEffect(() => {
    let active = true
    setSummary(null)
    const since = new Date(Date.now() - Number(days) * 24 * 3600_000).toISOString()
    void supabase.rpc('lead_response_times', { since }).then(({ data, error }) => {
      if (!active) return
      if (error) toast({ title: 'Error al cargar el tiempo de respuesta', description: describeError(error), variant: 'destructive' })
      setSummary(responseSummary(data?.[0]))
    })
    return () => {
      active = false
    }
  }, [supabase, days])

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <CardTitle className="flex items-center gap-2">
          <Timer className="size-5 text-brand-600" aria-hidden="true" /> Tiempo de respuesta
        </CardTitle>
        <SelectField
          label="Periodo"
          className="sm:w-44"
          value={days}
          onChange={setDays}
          options={RESPONSE_PERIODS.map((d) => ({ value: String(d), label: `Últimos ${d} días` }))}
        />
      </CardHeader>
      <CardContent aria-busy={summary === null}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Figure
            term="Mediana hasta la primera respuesta"
            value={summary && (summary.medianSeconds === null ? 'Sin respuestas' : durationLabel(summary.medianSeconds))}
            detail={summary && `${summary.answered} ${summary.answered === 1 ? 'contacto respondido' : 'contactos respondidos'}`}
            testId="response-median"
          />
          <Figure
            term="Respondidos dentro del plazo prometido"
            value={summary && (summary.share === null ? 'Sin datos' : `${Math.round(summary.share * 100)} %`)}
            detail={summary && `${summary.within} de ${summary.measured} con plazo cumplido o vencido`}
            testId="response-share"
          />
        </dl>
      </CardContent>
    </Card>
  )
}

function Figure({ term, value, detail, testId }: { term: string; value: string | null; detail: string | null; testId: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value ?? '…'}
      </dd>
      <dd className="text-sm text-slate-600">{detail ?? 'Cargando...'}</dd>
    </div>
  )
}
