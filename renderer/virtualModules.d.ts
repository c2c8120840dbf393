// Modules the build makes up.
// renderer/pageScript.ts
declare module 'virtual:page-script' {
  const script: {
    /** renderer/pageBootstrap.ts as a minified classic script, to inline at the end of a public page's body. */
    bootstrap: string
    /** Site path of the page script (renderer/siteScript.ts as built). */
    entry: string
    /** Site paths of the chunks the page script imports. */
    preloads: string[]
  }
  export default script
}
