import { publicPaths } from '../../../src/content/registry'

// Every service and legal page of the registry (the home page has its own route).
export const onBeforePrerenderStart = () => publicPaths.filter((p) => p !== '/')
