/**
 * The contact form, enhanced (loaded by ./leadForm.ts on first use): fetches a time token and a
 * proof-of-work challenge, solves the challenge in a worker while the visitor types, checks the fields
 * with the server's own rules (src/leads/schema.ts) and shows the messages inline, sends without a
 * reload, and moves focus to the first error or to the confirmation. The server decides in the end.
 */
import { CHALLENGE_PATH, PROOF_FIELD, SENT_TEXT, TOKEN_FIELD } from '../leads/form-state'
import { checkLeadForm, LEAD_FIELDS, type LeadErrors, type LeadValues } from '../leads/schema'
import '../lib/zodMiniWithoutEval'

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
      void challenge()
    } catch {
      show({}, 'No hemos podido enviar el formulario. Comprueba tu conexión y vuelve a intentarlo.')
    } finally {
      button.disabled = false
    }
  }

  void challenge()
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
