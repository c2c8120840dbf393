/**
 * The contact form, enhanced (loaded by ./leadForm.ts on first use): fetches a time token and a
 * proof-of-work challenge, solves the challenge in a worker while the visitor types, checks the fields
 * with the server's own rules (src/leads/schema.ts) and shows the messages inline, sends without a
 * reload, and moves focus to the first error or to the confirmation. The server decides in the end.
 *
 * The server refuses a form sent sooner than a few seconds after its time token was issued (a script), but a
 * person who lets the browser autofill the form is that fast too: the enhanced form waits out the rest of
 * those seconds itself, saying so, and then sends. It never shows a message that names a button the form
 * does not have.
 */
import { CHALLENGE_PATH, PROOF_FIELD, SENT_TEXT, TOKEN_FIELD, TOKEN_MIN_AGE_MS } from '../leads/formState'
import { checkLeadForm, LEAD_FIELDS, type LeadErrors, type LeadValues } from '../leads/schema'
import '../lib/zodMiniWithoutEval'

/**
 * The youngest time token the server accepts, and a margin for the server's own steps. Measured from when the
 * token arrived here, which is after it was issued.
 */
const TOKEN_WAIT_MS = TOKEN_MIN_AGE_MS + 250
/**
 * The button a refusal over the time token asks to press (src/leads/submit.server.ts); without JavaScript the
 * answering page names its button so (src/sections/LeadForm.tsx), and so does the enhanced form.
 */
const CONFIRM_LABEL = 'Confirmar envío'

interface Answer {
  ok: boolean
  message?: string
  errors?: LeadErrors
  token?: string
}

export function enhanceLeadForm(form: HTMLFormElement): void {
  const status = form.querySelector<HTMLElement>('[data-lead-status]')!
  const sent = form.parentElement!.querySelector<HTMLElement>('[data-lead-sent]')!
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
  let proof: Promise<string | null> = Promise.resolve(null)
  /** When the current time token arrived (performance.now()), or null without one. */
  let tokenAt: number | null = null
  /** The current challenge's fetch: a send waits for it. */
  let ready: Promise<void> = Promise.resolve()

  const hidden = (name: string, value: string) => {
    let input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)
    if (!input) input = Object.assign(document.createElement('input'), { type: 'hidden', name })
    input.value = value
    form.append(input)
  }

  const challenge = async () => {
    try {
      const response = await fetch(CHALLENGE_PATH, { headers: { Accept: 'application/json' } })
      const { token, challenge } = (await response.json()) as { token: string; challenge: object }
      hidden(TOKEN_FIELD, token)
      tokenAt = performance.now()
      proof = solve(challenge)
    } catch {
      // Without a fresh token the server asks to confirm the post, as it does without JavaScript.
    }
  }

  const show = (errors: LeadErrors, notice?: string) => {
    let first: HTMLElement | null = null
    for (const name of LEAD_FIELDS) {
      const input = form.elements.namedItem(name) as HTMLElement | null
      const error = errors[name] ?? ''
      form.querySelector(`[data-error-for="${name}"]`)!.textContent = error
      if (error) input?.setAttribute('aria-invalid', 'true')
      else input?.removeAttribute('aria-invalid')
      if (error && !first) first = input
    }
    status.replaceChildren()
    if (notice) {
      const p = Object.assign(document.createElement('p'), { textContent: notice })
      p.className = 'rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800'
      status.append(p)
    }
    first?.focus()
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const data = new FormData(form)
    const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')
    const values = Object.fromEntries(LEAD_FIELDS.map((f) => [f, text(data.get(f))])) as LeadValues
    const checked = checkLeadForm(values)
    if (!checked.ok) return show(checked.errors, 'Revisa los campos marcados.')
    void send(data)
  })

  const send = async (data: FormData) => {
    button.disabled = true
    show({})
    status.textContent = 'Enviando…'
    try {
      await ready
      // The token was fetched on the visitor's first touch of the form: after an autofill that can be a moment
      // ago. The form waits until the server will take it rather than have it refused.
      const wait = tokenAt === null ? 0 : tokenAt + TOKEN_WAIT_MS - performance.now()
      if (wait > 0) {
        status.textContent = 'Enviando… Tardará unos segundos.'
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
      const token = form.querySelector<HTMLInputElement>(`input[name="${TOKEN_FIELD}"]`)?.value
      if (token) data.set(TOKEN_FIELD, token)
      const payload = await proof
      if (payload) data.set(PROOF_FIELD, payload)
      data.set('referrer', document.referrer)
      for (const [key, value] of new URLSearchParams(location.search)) if (key.startsWith('utm_')) data.set(key, value)
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams(data as unknown as Record<string, string>),
      })
      const answer = (await response.json()) as Answer
      if (answer.ok) {
        form.remove()
        sent.hidden = false
        sent.querySelector('p')!.textContent = answer.message ?? SENT_TEXT
        sent.focus()
        return
      }
      show(answer.errors ?? {}, answer.message)
      // A refusal over the time token (one left open for hours, already used) asks to confirm with a second
      // press, as the page does without JavaScript: the button is named as the message says.
      if (answer.message?.includes(`«${CONFIRM_LABEL}»`)) button.textContent = CONFIRM_LABEL
      ready = challenge()
    } catch {
      show({}, 'No hemos podido enviar el formulario. Comprueba tu conexión y vuelve a intentarlo.')
    } finally {
      button.disabled = false
    }
  }

  ready = challenge()
}

function solve(challenge: object): Promise<string | null> {
  return new Promise((resolve) => {
    try {
      const worker = new Worker(new URL('./altchaWorker.ts', import.meta.url), { type: 'module' })
      worker.onmessage = (event: MessageEvent<string | null>) => {
        resolve(event.data)
        worker.terminate()
      }
      worker.onerror = () => resolve(null)
      worker.postMessage(challenge)
    } catch {
      resolve(null)
    }
  })
}
