import { contentPageData } from '../../../src/pageData/load.server'

export const data = async () => (await contentPageData('/'))!
