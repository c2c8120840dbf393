import { headerNav } from '../../src/pageData/load.server'

/** The 404 and error pages carry the same header menu as every other page (the CMS's, or the default). */
export const data = async () => ({ nav: await headerNav().catch(() => undefined) })
