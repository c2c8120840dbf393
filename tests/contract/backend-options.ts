// How every embedded contract backend starts, the shared ones (shared-backend.ts) and a file's own
// (startTarget in target.ts). No Vitest import: shared-backend.ts runs outside the test runner.
import type { ServerOptions } from '../../src/server/app.ts'

export function contractServerOptions(dataDir: string, options: Partial<ServerOptions> = {}): ServerOptions {
  return {
    port: 0,
    dataDir,
    ...options,
    // A test's own auth options adjust these, they do not bring back the 30-per-5-minutes default.
    auth: { signInRateLimit: 10_000, refreshRateLimit: 10_000, ...options.auth },
  }
}
