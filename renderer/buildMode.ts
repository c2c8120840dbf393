/**
 * Which site a `vike build` produces. The default is the product (prerendered HTML with islands);
 * `QUALITY_BASELINE=1` builds the client-rendered baseline that `npm run quality -- --baseline`
 * compares it with, into its own folder so the product build is never overwritten.
 */
export const isBaselineBuild = process.env.QUALITY_BASELINE === '1'
export const outDir = isBaselineBuild ? 'dist-baseline' : 'dist'
