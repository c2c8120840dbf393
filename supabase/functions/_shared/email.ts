// Which e-mail addresses the auth server accepts, shared by the embedded auth (src/backend/auth/input.ts) and
// the Edge Functions, which refuse the same addresses before asking the auth server.
// The WHATWG e-mail grammar (what <input type="email"> accepts), which GoTrue's validation also follows: no
// quotes, colons, semicolons or spaces in the local part, dot-separated labels in the domain. Anchored
// without the `m` flag, so CR/LF anywhere fails it.
export const EMAIL_ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
export const MAX_EMAIL_LENGTH = 255
