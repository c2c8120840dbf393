import { Mail, MessageCircle, Phone } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { NewTabNote } from '../../components/ui/NewTabNote'
import { phoneLinks } from '../../lib/contact'
import type { LeadRow } from './leads'

/**
 * A mailto: link to the visitor's address, encoded so nothing typed there («?bcc=», «&body=») can add
 * fields to the message; the «@» stays readable for mail clients that do not decode it.
 */
export function replyMailto(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`
}

interface ReplyLinksProps {
  lead: Pick<LeadRow, 'name' | 'email' | 'phone'>
  /** The e-mail's subject and the first WhatsApp message. */
  subject: string
  greeting: string
  /** A link was used: the lead's first response, if nothing came first (public.lead_replied). */
  onReply: () => void
}

/** Reply by e-mail, phone or WhatsApp: links that open the staff member's own apps. */
export function ReplyLinks({ lead, subject, greeting, onReply }: ReplyLinksProps) {
  const phone = lead.phone ? phoneLinks(lead.phone, greeting) : null
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild size="sm">
        <a href={replyMailto(lead.email, subject)} onClick={onReply}>
          <Mail aria-hidden="true" /> Responder por email
        </a>
      </Button>
      {phone && (
        <>
          <Button asChild size="sm" variant="outline" className="text-slate-800">
            <a href={phone.tel} onClick={onReply}>
              <Phone aria-hidden="true" /> Llamar
            </a>
          </Button>
          <Button asChild size="sm" variant="outline" className="text-slate-800">
            <a href={phone.whatsapp} target="_blank" rel="noopener noreferrer" onClick={onReply}>
              <MessageCircle aria-hidden="true" /> WhatsApp
              <NewTabNote />
            </a>
          </Button>
        </>
      )}
    </div>
  )
}
