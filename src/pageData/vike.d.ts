declare global {
  namespace Vike {
    interface PageContext {
      /** Set by the server for a staff preview (src/host/site/preview.ts); absent everywhere else. */
      previewRequest?: { accessToken: string; postId: string }
      /**
       * Set by the server when it renders a page for staff (the live preview, «Editar en la página»): the
       * elements that render a text place carry their mark (src/siteContent/placeMarks.ts). Never for a visitor.
       */
      marksPlaces?: boolean
      /** Set by the server for the live preview beside the admin's editors (src/pageData/livePreview.ts). */
      livePreview?: import('./livePreview').LivePreviewRequest
      /** Set by the server when it answers a contact-form submission with the page (src/leads/submit.server.ts). */
      leadForm?: import('../leads/formState').LeadFormState
      /**
       * Set by the live site: large HTML spliced in after the render (LateHtml in src/host/site/lateHtml.ts,
       * which the pages know only by this shape); absent in the build. `add` returns the placeholder to render.
       */
      lateHtml?: { add(html: string): string }
    }
  }
}

export {}
