import { pageData } from '../../../src/content/page'

export const data = () => pageData('/')!
