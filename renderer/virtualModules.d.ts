// Modules the build makes up.
// renderer/entryPreloads.ts
declare module 'virtual:entry-preloads' {
  /** Site paths of the island entry's static imports. */
  const urls: string[]
  export default urls
}
