declare global {
  namespace Vike {
    interface PageContext {
      /** Set by the server for a staff preview (src/host/site/preview.ts); absent everywhere else. */
      previewRequest?: { accessToken: string; postId: string }
      /** Set by the server when it answers a contact-form submission with the page (src/leads/submit.server.ts). */
      leadForm?: import('../leads/form-state').LeadFormState
      /** Set by the live site: large HTML spliced in after the render (src/host/site/late-html.ts); absent in the build. */
      lateHtml?: import('../host/site/late-html').LateHtml
    }
  }
}

export {}
