/**
 * Which site a `vike build` produces. The default is the product (prerendered HTML with islands);
 * `QUALITY_BASELINE=1` builds the client-rendered baseline that `npm run quality -- --baseline`
 * compares it with. scripts/quality/build.ts also points Vite at the baseline's own folder
 * (VITE_CONFIG), so the product build is never overwritten.
 */
export const outDirs = { ours: 'dist', baseline: 'dist-baseline' } as const
export const isBaselineBuild = process.env.QUALITY_BASELINE === '1'
export const outDir = isBaselineBuild ? outDirs.baseline : outDirs.ours
