import { contentPageData } from '#src/pageData/load.server.ts'

export const data = async () => (await contentPageData('/'))!
