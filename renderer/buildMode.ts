/**
 * Which site a `vike build` produces. The default is the product (prerendered HTML with islands);
 * `QUALITY_BASELINE=1` builds the client-rendered baseline that `npm run quality -- --baseline`
 * compares it with. scripts/quality/build.ts also points Vite at the baseline's own folder
 * (VITE_CONFIG), so the product build is never overwritten.
 */
import { config } from '../src/config.server.ts'

export const outDirs = { ours: 'dist', baseline: 'dist-baseline' } as const
export const isBaselineBuild = config().QUALITY_BASELINE
/** BUILD_OUT_DIR builds elsewhere (a test's or the benchmark's build against its own backend). */
export const outDir = config().BUILD_OUT_DIR ?? (isBaselineBuild ? outDirs.baseline : outDirs.ours)
