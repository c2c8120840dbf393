import { blogPageData } from '#src/pageData/load.server.ts'

export const data = async () => (await blogPageData(1))!
