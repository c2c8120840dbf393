declare global {
  namespace Vike {
    interface PageContext {
      /** Set by the server for a staff preview (src/server/site/preview.ts); absent everywhere else. */
      previewRequest?: { accessToken: string; postId: string }
    }
  }
}

export {}
