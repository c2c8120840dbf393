// zod compiles its object parsers with `new Function` when the page allows eval, and probes for that on the
// first parse; the Content-Security-Policy forbids eval (src/backend/securityHeaders.ts), so the probe would
// be a reported violation. It parses the same without compiling. Imported first by the client-rendered
// routes that parse with zod (/admin, /auth).
import { config } from 'zod'

config({ jitless: true })
