// How every embedded contract backend starts, the shared ones (shared-backend.ts) and a file's own
// (startTarget in target.ts). No Vitest import: shared-backend.ts runs outside the test runner.
import type { ServerOptions } from '../../src/backend/app.ts'
import { config } from '../../src/config.server.ts'

export function contractServerOptions(dataDir: string, options: Partial<ServerOptions> = {}): ServerOptions {
  return {
    port: 0,
    dataDir,
    ...options,
    // A test's own auth options adjust these, they do not bring back the 30-per-5-minutes default. The hash
    // cost is the environment's, as for `npm start` (vitest.config.ts lowers it: decision 0054).
    auth: {
      signInRateLimit: 10_000,
      refreshRateLimit: 10_000,
      ...(config().AUTH_PASSWORD_HASH_COST ? { passwordHashCost: config().AUTH_PASSWORD_HASH_COST } : {}),
      ...options.auth,
    },
  }
}
