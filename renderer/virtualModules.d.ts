// Modules the build makes up.
// renderer/entryPreloads.ts
declare module 'virtual:entry-preloads' {
  /** Site paths of the island entry's static imports. */
  const urls: string[]
  export default urls
}

// renderer/iconSprite.ts
declare module 'virtual:icon-sprite' {
  /** Site path of the icon sprite. */
  const url: string
  export default url
}
