/**
 * The contact form's HTTP side, called by the live site (src/host/site/liveSite.ts):
 *
 * - `POST <page path>`: a submission. Layers, in order: body size and type, honeypot, the fields' rules
 *   (src/leads/schema.ts), the signed time token, the proof of work, then what the database counts: the
 *   per-address rate limit and the proof's replay. Every post is counted against its address's limit, and
 *   one over it gets 429 whatever it sent; a post refused by an earlier layer is counted with one call,
 *   an accepted one in the call that stores it (src/leads/inbox.server.ts). A plain form post is answered
 *   with the same page (errors next to the fields, values kept) or a 303 to the page's thank-you state;
 *   the behaviour (Accept: application/json) gets JSON. Every refusal is a 4xx with a Spanish message;
 *   nothing is stored or mailed before every layer has passed.
 * - `GET /api/contacto`: a fresh time token and proof-of-work challenge for the behaviour.
 * - `GET <page path>?contacto=<receipt>`: the page with its thank-you state, when the receipt (signed, given
 *   only by the 303 after a stored submission, valid 30 minutes) verifies. Any other `?contacto=` is not the
 *   form's: the cached page is served.
 *
 * Without JavaScript there is no proof of work: such a lead is stored with verified = false
 * (docs/decisions/0045-leads-without-javascript.md). Its time token comes from a first post that
 * stores nothing and asks to confirm (the cached page cannot carry a fresh one).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Site } from '../siteContent/schema'
import { CHALLENGE_PATH, HONEYPOT_FIELD, PROOF_FIELD, SENT_PARAM, SENT_TEXT, TOKEN_FIELD, type LeadFormState } from './formState'
import { LeadRefused, type LeadInbox } from './inbox.server'
import type { NewLead } from './lead'
import type { FormGuard } from './formGuard.server'
import type { ProofOfWork } from './proofOfWork.server'
import { checkLeadForm, LEAD_FIELDS, type LeadErrors, type LeadValues } from './schema'
import type { FormTokens, TokenCheck } from './tokens.server'
import { readLimited } from '../lib/readLimited.server.ts'

/** The largest body taken: the longest message, in multi-byte characters, percent-encoded, fits. */
export const MAX_FORM_BYTES = 64 * 1024
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

/** A page rendered for this request (never cached), and the Content-Security-Policy for its HTML. */
export interface PageRenderer {
  render(extra: Record<string, unknown> & { leadForm: LeadFormState }): Promise<{ status: number; headers: Record<string, string>; body: Buffer }>
  policy(html: string): string
}

export interface LeadFormsOptions {
  tokens: FormTokens
  /** Signs the receipt a stored plain post is redirected with (a FormTokens of its own purpose). */
  receipts: FormTokens
  proof: ProofOfWork
  inbox: LeadInbox
  /** Counts posts per address (and used proofs) in the database. */
  guard: FormGuard
  site: Site
  /** The service slugs a lead may name (the service pages). */
  services: Set<string>
  /** Submissions per address per window (default 10 per 10 minutes). */
  rateLimit?: { limit: number; windowMs: number }
  /** The client's address through the trusted reverse proxies (the backend's `clientAddress`); the socket's peer without. */
  clientAddress?: (req: IncomingMessage) => string
  /** Told of every lead accepted (stored, or spooled to be stored): the analytics funnel's last step. */
  accepted?: (req: IncomingMessage, pathname: string) => void
}

type Answer = { status: number; state: LeadFormState } | { status: 303; location: string }

export class LeadForms {
  private readonly rateLimit: { limit: number; windowMs: number }

  constructor(private readonly options: LeadFormsOptions) {
    this.rateLimit = options.rateLimit ?? { limit: 10, windowMs: 10 * 60_000 }
  }

  /** Whether this request is the form's: its posts, its challenge, its thank-you state (a valid receipt). */
  handles(method: string | undefined, url: string): boolean {
    const [pathname = '/', search = ''] = url.split('?', 2)
    if (method === 'POST') return true
    if (method !== 'GET') return false
    if (pathname === CHALLENGE_PATH) return true
    const receipt = new URLSearchParams(search).get(SENT_PARAM)
    return receipt !== null && this.options.receipts.check(receipt) === 'ok'
  }

  async handle(req: IncomingMessage, res: ServerResponse, pathname: string, page: PageRenderer): Promise<void> {
    if (req.method === 'GET' && pathname === CHALLENGE_PATH) return this.challenge(res)
    if (req.method === 'GET') return this.respond(res, page, { status: 200, state: { values: {}, errors: {}, sent: true } }, false)
    const json = /\bapplication\/json\b/.test(req.headers.accept ?? '')
    return this.respond(res, page, await this.submit(req, sitePath(pathname)), json)
  }

  private async challenge(res: ServerResponse): Promise<void> {
    const body = JSON.stringify({ token: this.options.tokens.issue(), challenge: await this.options.proof.challenge() })
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) })
    res.end(body)
  }

  private async submit(req: IncomingMessage, pathname: string): Promise<Answer> {
    const address = this.options.clientAddress?.(req) ?? req.socket.remoteAddress ?? 'unknown'
    const { limit, windowMs } = this.rateLimit
    const checked = await this.check(req, pathname)
    if ('status' in checked) {
      // Refused before the database: the post still counts against its address.
      return (await this.options.guard.hit('rate', address, windowMs)) > limit ? this.refuse(429, this.tooMany()) : checked
    }
    const { guard, proof, site } = this.options
    const { row, values, signature, token } = checked
    const contactWays = `escríbenos a ${site.emails.contact} o llámanos al ${site.phones[0]!.display}`
    try {
      const saved = await this.options.inbox.save(row, {
        rate: { key: guard.key('rate', address), limit, ttlMs: windowMs },
        // Used once: the proof of work, or without one (no JavaScript), the time token itself.
        proof:
          signature === undefined
            ? { key: guard.key('token', token), ttlMs: this.options.tokens.times.maxAgeMs }
            : { key: guard.key('proof', signature), ttlMs: proof.options.ttlMs },
      })
      if (saved.outcome === 'stored' || saved.outcome === 'spooled') this.options.accepted?.(req, pathname)
      switch (saved.outcome) {
        case 'stored':
          return { status: 303, location: `${pathname}?${SENT_PARAM}=${this.options.receipts.issue()}#contacto` }
        case 'rate-limited':
          return this.refuse(429, this.tooMany())
        case 'replayed':
          if (signature !== undefined) return this.refuse(400, PROOF_REFUSED, values)
          // A time token already used by a post without proof: confirm once more, with a fresh token.
          return {
            status: 400,
            state: { values, errors: {}, notice: { tone: 'info', text: TOKEN_TEXT.used }, token: this.options.tokens.issue(), confirm: true },
          }
        case 'spooled':
          return this.refuse(
            503,
            `Ahora mismo no podemos registrar tu consulta en nuestro sistema. La hemos guardado y nos llegará en cuanto se recupere; si es urgente, ${contactWays}.`,
            values,
          )
      }
    } catch (error) {
      if (error instanceof LeadRefused) return this.refuse(422, 'Revisa los datos del formulario: alguno no es válido.', values)
      console.error(`[leads] lead neither stored nor spooled: ${error instanceof Error ? error.message : String(error)}`)
      return this.refuse(503, `No hemos podido guardar tu consulta. Por favor, ${contactWays}.`, values)
    }
  }

  /** The layers checked here, without the database: the lead to store, or the answer refusing the post. */
  private async check(
    req: IncomingMessage,
    pathname: string,
  ): Promise<Extract<Answer, { state: LeadFormState }> | { row: NewLead; values: LeadValues; signature?: string; token: string }> {
    if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) {
      req.resume()
      return this.refuse(415, 'El formulario no ha llegado en un formato válido. Recarga la página y vuelve a intentarlo.')
    }
    const body = await readLimited(req, MAX_FORM_BYTES)
    if (!body) return this.refuse(413, 'El mensaje es demasiado largo. Acórtalo y vuelve a enviarlo.')
    const form = new URLSearchParams(body.toString('utf8'))
    const values = Object.fromEntries(LEAD_FIELDS.map((f) => [f, form.get(f) ?? ''])) as LeadValues
    if (form.get(HONEYPOT_FIELD))
      return this.refuse(400, 'No hemos podido enviar el formulario. Si eres una persona, recarga la página y vuelve a intentarlo.')

    const checked = checkLeadForm(values)
    const errors: LeadErrors = checked.ok ? {} : checked.errors
    if (values.service && !this.options.services.has(values.service.trim())) errors.service = 'Elige un servicio de la lista.'
    const tokenValue = form.get(TOKEN_FIELD) ?? ''
    const token = this.options.tokens.check(tokenValue || undefined)
    if (Object.keys(errors).length) return this.refuse(422, 'Revisa los campos marcados.', values, errors)
    if (token !== 'ok')
      return {
        status: 400,
        state: { values, errors: {}, notice: { tone: 'info', text: TOKEN_TEXT[token] }, token: this.options.tokens.issue(), confirm: true },
      }
    if (!checked.ok) throw new Error('unreachable: the form was checked')

    const proof = await this.options.proof.check(form.get(PROOF_FIELD) || undefined)
    if (proof.result === 'invalid') return this.refuse(400, PROOF_REFUSED, values)

    const { lead } = checked
    const utm = utmOf(form, req.headers.referer)
    const row: NewLead = {
      name: lead.name,
      email: lead.email,
      company: lead.company || null,
      phone: lead.phone || null,
      service: lead.service || null,
      message: lead.message,
      page_path: pathname,
      referrer: hiddenField(form.get('referrer'), 2000),
      ...utm,
      verified: proof.result === 'ok',
    }
    return { row, values, signature: proof.result === 'ok' ? proof.signature : undefined, token: tokenValue }
  }

  private refuse(status: number, text: string, values: LeadValues = {}, errors: LeadErrors = {}) {
    return { status, state: { values, errors, notice: { tone: 'error' as const, text }, token: this.options.tokens.issue() } }
  }

  private tooMany(): string {
    return `Has enviado demasiados formularios seguidos. Espera unos minutos o escríbenos a ${this.options.site.emails.contact}.`
  }

  private async respond(res: ServerResponse, page: PageRenderer, answer: Answer, json: boolean): Promise<void> {
    if ('location' in answer) {
      if (json) return sendJson(res, 201, { ok: true, message: SENT_TEXT })
      res.writeHead(303, { Location: answer.location, 'Cache-Control': 'no-store', 'Content-Length': '0' })
      return void res.end()
    }
    const { status, state } = answer
    if (json) return sendJson(res, status, { ok: false, message: state.notice?.text, errors: state.errors, token: state.token })
    const rendered = await page.render({ leadForm: state })
    // A page that is not there (or has no form) keeps its own status; the form's answer otherwise.
    const finalStatus = rendered.status === 200 ? status : rendered.status
    res.writeHead(finalStatus, {
      ...rendered.headers,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
      'Content-Security-Policy': page.policy(rendered.body.toString('utf8')),
      'Content-Length': String(rendered.body.length),
    })
    res.end(rendered.body)
  }
}

const PROOF_REFUSED = 'La comprobación anti-spam no es válida. Recarga la página y vuelve a enviar el formulario.'

// A post without a valid time token (no JavaScript, or a token too fresh or too old) is answered with the page
// asking for a second press, whose token is fresh (docs/decisions/0046-no-javascript-posts-confirm-once.md).
const CONFIRM = 'Revisa tus datos y pulsa «Confirmar envío».'
const TOKEN_TEXT: Record<Exclude<TokenCheck, 'ok'> | 'used', string> = {
  used: `Este formulario ya se ha enviado una vez. Si quieres enviar esta consulta también, ${CONFIRM.charAt(0).toLowerCase()}${CONFIRM.slice(1)}`,
  missing: `Casi listo: falta un paso. Para protegernos del spam sin usar JavaScript ni cookies, te pedimos que confirmes el envío. ${CONFIRM}`,
  invalid: `Casi listo: falta un paso. Para protegernos del spam sin usar JavaScript ni cookies, te pedimos que confirmes el envío. ${CONFIRM}`,
  'too-fast': `Has enviado el formulario demasiado rápido. Espera unos segundos y pulsa «Confirmar envío».`,
  'too-old': `El formulario ha caducado. ${CONFIRM}`,
}

/** UTM parameters: sent by the behaviour (the landing URL's), or read from the page URL the post came from. */
function utmOf(form: URLSearchParams, referer: string | undefined): Pick<NewLead, (typeof UTM_KEYS)[number]> {
  let fromPage = new URLSearchParams()
  try {
    if (referer) fromPage = new URL(referer).searchParams
  } catch {
    // a malformed Referer carries no campaign
  }
  const pick = (key: string) => hiddenField(form.get(key) || fromPage.get(key), 200)
  return Object.fromEntries(UTM_KEYS.map((k) => [k, pick(k)])) as Pick<NewLead, (typeof UTM_KEYS)[number]>
}

/**
 * The path a post was sent to, as this site's own path: what the lead records and a plain post is redirected
 * to. Browsers read `//host` and `/\\host` in a Location as another host, so runs of slashes and backslashes
 * become one slash before the URL parser resolves dot segments and percent-encodes the rest.
 */
export function sitePath(pathname: string): string {
  const path = new URL(pathname.replace(/[\\/]+/g, '/'), 'http://site.invalid').pathname
  return /^\/(?![\\/])/.test(path) ? path : '/'
}

/**
 * A field the visitor does not type (where the visit came from, its campaign): control characters removed, line
 * breaks folded to a space, and cut at `max` characters (code points, as the database counts them, so a cut never
 * leaves half a character), the cut marked with «…».
 */
export function hiddenField(value: string | null | undefined, max: number): string | null {
  const clean = (value ?? '')
    .replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, ' ')
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .trim()
  const chars = Array.from(clean)
  return (chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean) || null
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}
