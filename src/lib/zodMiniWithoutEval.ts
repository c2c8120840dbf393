// The same switch as ./zodWithoutEval.ts for zod/mini, which the contact form's behaviour uses: no probe
// for eval under the Content-Security-Policy.
import { config } from 'zod/mini'

config({ jitless: true })
