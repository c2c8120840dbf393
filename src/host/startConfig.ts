// start.ts's first import, so it runs before any module that loads React or Vike: they choose their
// development or production build once, when first loaded, from NODE_ENV. Without this, the startup's
// first .tsx import loaded React's development build, and every page rendered at a fraction of the
// production build's speed.
import { config, ConfigError, enterProductionMode } from '../config.server.ts'

/** The server's configuration as its environment gave it (read before NODE_ENV is defaulted below). */
export const env = readConfig()
enterProductionMode()

function readConfig() {
  try {
    return config()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`[start] ${error.message}`)
    process.exit(1)
  }
}
