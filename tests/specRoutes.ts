/**
 * The public content routes the site must have (/auth and /admin are the admin's), written out by hand on
 * purpose: deriving them from the registry or the sitemap would hide a missing page. The unit tests check
 * the registry against it, the end-to-end tests the served site.
 */
export const specRoutes = [
  '/',
  '/shopify',
  '/prestashop',
  '/woocommerce',
  '/ecommerce-medida',
  '/web-a-medida',
  '/app-moviles',
  '/agentes-ia',
  '/desarrollo-apis',
  '/desarrollo-crm',
  '/desarrollo-saas',
  '/workflows-ia',
  '/integraciones-crm',
  '/automatizacion-ia',
  '/consultoria-digital',
  '/desarrollo-a-medida',
  '/consultoria-estrategica',
  '/consultoria-uxui',
  '/aviso-legal',
  '/privacidad',
  '/cookies',
]
