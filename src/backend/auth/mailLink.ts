import type { AuthContext } from './context.ts'
import { actionLink, issueToken, type TokenKind, type VerifyType } from './links.ts'
import { authMessage, logLinkOutsideProduction, type AuthMailKind } from './mail.ts'
import type { UserRow } from './users.ts'

/** Makes a link of `kind` for `user` and mails it (the invitation and the admin's generate_link share it). */
export async function mailLink(ctx: AuthContext, user: UserRow, kind: TokenKind, type: VerifyType, mail: AuthMailKind, redirectTo: string) {
  const { otp: code, hash } = await ctx.db.transaction((tx) => issueToken(tx, user, kind))
  const link = actionLink(ctx, hash, type, redirectTo)
  logLinkOutsideProduction(mail, user.email, link, code)
  await ctx.mailer(authMessage(mail, user.email, code, link))
}
