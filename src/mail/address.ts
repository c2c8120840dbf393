/**
 * What the product takes as an e-mail address: one definition for the contact form (src/leads/schema.ts)
 * and the mailer (src/mail/message.ts), so an address the form accepts is never refused when its
 * notification is queued. Internationalised addresses (RFC 6531: `josé@example.es`, `ana@españa.es`) are
 * accepted; nodemailer carries them as UTF-8 and mail clients answer them. Refused: whitespace and control
 * characters, and everything that could make a header hold more than one address or a display name
 * (`, ; : < > ( ) [ ] " \`), and a domain without a dot or with an empty label.
 */
const LOCAL = String.raw`[^\s\p{C}@"<>()[\]\\,;:]{1,64}`
const LABEL = String.raw`[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?`
const TLD = String.raw`(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)`

export const EMAIL_ADDRESS = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+${TLD}$`, 'iu')

/** Whether `value` is an address the form may take and the mailer may send to or reply to. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_ADDRESS.test(value)
}
