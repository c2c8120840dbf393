import { blogPageData } from '../../../src/pageData/load.server'

export const data = async () => (await blogPageData(1))!
