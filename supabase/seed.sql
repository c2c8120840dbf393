-- Demo content for the CMS (Spanish). Applied by `supabase db reset` and by the embedded backend on a fresh
-- data folder. Safe to run twice: rows that already exist are left alone.

insert into public.blog_tags (name, slug) values
  ('Ecommerce', 'ecommerce'),
  ('Shopify', 'shopify'),
  ('Inteligencia artificial', 'inteligencia-artificial'),
  ('Automatización', 'automatizacion'),
  ('Desarrollo a medida', 'desarrollo-a-medida'),
  ('Integraciones', 'integraciones'),
  ('UX/UI', 'ux-ui'),
  ('Consultoría', 'consultoria')
on conflict do nothing;

insert into public.blog_posts (title, slug, excerpt, content, featured_image, published, published_at, created_at) values
  (
    'Shopify, WooCommerce o PrestaShop: cómo elegir plataforma para tu tienda online',
    'shopify-woocommerce-prestashop-como-elegir',
    'Comparamos costes, escalabilidad y mantenimiento de las tres plataformas más usadas en España para que aciertes a la primera.',
    E'## La pregunta correcta no es «cuál es mejor»\n\nEs cuál encaja con tu catálogo, tu equipo y tu presupuesto de los próximos tres años.\n\n- **Shopify**: lanzamiento rápido, pago mensual previsible y cero mantenimiento de servidores.\n- **WooCommerce**: ideal si tu negocio ya vive en WordPress y quieres control total del contenido.\n- **PrestaShop**: catálogos grandes, multitienda y un ecosistema de módulos muy maduro en Europa.\n\nEn nuestros proyectos, el coste total a tres años decide más que la cuota inicial.',
    'https://images.unsplash.com/photo-1556742049-0cfed4f6a45d?w=1200',
    true, now() - interval '40 days', now() - interval '42 days'
  ),
  (
    'Cinco procesos que tu empresa puede automatizar con IA este trimestre',
    'procesos-automatizar-con-ia',
    'Clasificación de correos, conciliación de facturas, cualificación de leads y otros casos con retorno en menos de seis meses.',
    E'La automatización con IA ya no es un proyecto de innovación: es una partida de ahorro.\n\n1. Clasificar y responder correos entrantes.\n2. Extraer datos de facturas y conciliarlos con el ERP.\n3. Cualificar leads antes de que lleguen al equipo comercial.\n4. Generar informes semanales a partir del CRM.\n5. Atender preguntas frecuentes con un agente entrenado en tu documentación.\n\nEn clientes reales hemos medido un **70 % menos de tareas manuales**.',
    'https://images.unsplash.com/photo-1677442136019-21780ecad995?w=1200',
    true, now() - interval '21 days', now() - interval '25 days'
  ),
  (
    'Qué es un MVP y cuánto cuesta desarrollarlo en España',
    'que-es-un-mvp-y-cuanto-cuesta',
    'Un producto mínimo viable bien acotado se lanza en unas ocho semanas. Te explicamos qué incluir y qué dejar fuera.',
    E'Un MVP no es una versión barata de tu producto: es el experimento más pequeño que valida tu hipótesis de negocio.\n\n### Qué suele incluir\n\n- Registro y acceso de usuarios.\n- El flujo principal, sin atajos.\n- Analítica para medir la activación.\n\nTrabajamos en *sprints* de dos semanas para que veas avances reales desde el primer mes.',
    null,
    true, now() - interval '7 days', now() - interval '9 days'
  ),
  (
    'Guía práctica para integrar tu CRM con el ERP sin duplicar datos',
    'integrar-crm-con-erp',
    'Sincronización bidireccional, identificadores maestros y cómo evitar el temido «dato fantasma».',
    E'Borrador en revisión.\n\n- Definir qué sistema es la fuente de verdad de cada entidad.\n- Elegir entre sincronización por eventos o por lotes.\n- Monitorizar los errores de integración desde el primer día.',
    null,
    false, null, now() - interval '3 days'
  ),
  (
    'Checklist de accesibilidad para tiendas online',
    'checklist-accesibilidad-tiendas-online',
    null,
    E'Pendiente de completar: contraste, navegación por teclado, textos alternativos y formularios de pago accesibles.',
    null,
    false, null, now() - interval '1 day'
  )
on conflict do nothing;

insert into public.blog_post_tags (blog_post_id, tag_id)
select p.id, t.id
from (values
  ('shopify-woocommerce-prestashop-como-elegir', 'ecommerce'),
  ('shopify-woocommerce-prestashop-como-elegir', 'shopify'),
  ('procesos-automatizar-con-ia', 'inteligencia-artificial'),
  ('procesos-automatizar-con-ia', 'automatizacion'),
  ('que-es-un-mvp-y-cuanto-cuesta', 'desarrollo-a-medida'),
  ('que-es-un-mvp-y-cuanto-cuesta', 'consultoria'),
  ('integrar-crm-con-erp', 'integraciones'),
  ('checklist-accesibilidad-tiendas-online', 'ux-ui'),
  ('checklist-accesibilidad-tiendas-online', 'ecommerce')
) as pt (post_slug, tag_slug)
join public.blog_posts p on p.slug = pt.post_slug
join public.blog_tags t on t.slug = pt.tag_slug
on conflict do nothing;

insert into public.pages (title, slug, content, published, created_at) values
  (
    'Sobre nosotros',
    'sobre-nosotros',
    '[{"type": "heading", "text": "Un equipo de producto en Valencia"},
      {"type": "paragraph", "text": "Desde 2019 diseñamos y desarrollamos software a medida, tiendas online y automatizaciones con IA para pymes y startups."},
      {"type": "paragraph", "text": "Trabajamos en sprints de dos semanas, con un responsable de proyecto y demos en cada entrega."}]',
    true, now() - interval '60 days'
  ),
  (
    'Kit Digital',
    'kit-digital',
    '[{"type": "heading", "text": "Somos agente digitalizador del Kit Digital"},
      {"type": "paragraph", "text": "Te ayudamos a solicitar la ayuda y a invertirla en comercio electrónico, gestión de clientes o procesos."}]',
    true, now() - interval '30 days'
  ),
  (
    'Trabaja con nosotros',
    'trabaja-con-nosotros',
    '[{"type": "heading", "text": "Buscamos desarrolladores full stack"},
      {"type": "paragraph", "text": "Borrador: pendiente de revisar condiciones y rango salarial."}]',
    false, now() - interval '2 days'
  )
on conflict do nothing;

-- Each block replaces a text the page declares (src/content/places.ts: "hero-titulo", "{section id}-intro"…) with
-- a wording different from the content file, so the demo shows the CMS at work; deleting one brings the file's back.
insert into public.content_blocks (page, section, key, title, content) values
  ('home', 'hero', 'hero-titulo', 'Título principal', 'Software a medida, ecommerce e IA para empresas que quieren crecer'),
  ('home', 'hero', 'hero-subtitulo', 'Subtítulo principal', 'Consultora tecnológica en Valencia: diseñamos, desarrollamos y automatizamos contigo, de la idea al lanzamiento.'),
  ('home', 'servicios', 'servicios-intro', 'Introducción de la sección', 'Cuatro formas de trabajar juntos, con un mismo equipo y un único interlocutor.'),
  ('home', 'casos-exito', 'casos-exito-titulo', 'Título de la sección', 'Clientes que ya venden y trabajan mejor con nosotros'),
  ('shopify', 'hero', 'hero-titulo', 'Título principal', 'Tu tienda Shopify, lista para vender en 30 días'),
  ('shopify', 'por-que-shopify', 'por-que-shopify-intro', 'Introducción de la sección', 'Más de 20 proyectos Shopify lanzados: temas a medida, apps privadas y migraciones sin perder posicionamiento.'),
  ('consultoria-digital', 'hero', 'hero-titulo', 'Título principal', 'Consultoría digital orientada a resultados'),
  ('consultoria-digital', 'servicios-consultoria', 'servicios-consultoria-intro', 'Introducción de la sección', 'Analizamos tu embudo, tu web y tus herramientas y te entregamos un plan priorizado por impacto y esfuerzo.'),
  ('automatizacion-ia', 'hero', 'hero-titulo', 'Título principal', 'Automatización con IA: menos tareas manuales, más tiempo para tu negocio'),
  ('automatizacion-ia', 'soluciones', 'soluciones-intro', 'Introducción de la sección', 'Nuestros clientes reducen un 70 % las tareas repetitivas y recuperan la inversión en menos de seis meses.')
on conflict do nothing;

-- menu_items: generated from content/navigation.yaml by `npm run seed:menu`; do not edit by hand.
-- Only into an empty table: a re-run never duplicates the menu nor undoes what staff changed.
insert into public.menu_items (id, label, path, order_num, parent_id)
select v.id::uuid, v.label, v.path, v.order_num, v.parent_id::uuid
from (values
  ('72425da2-8df4-49e5-afde-a02484619e69', 'Inicio', '/', 0, null),
  ('7be198b6-1177-4be9-a2bf-d220436c8d1b', 'Soluciones', '/#servicios', 1, null),
  ('b8ff9310-cbca-4aa9-a550-af54fe58d85b', 'Casos de éxito', '/#casos-exito', 2, null),
  ('1dccc745-c333-4e24-a429-2ab4aa410cbe', 'Proceso', '/#proceso', 3, null),
  ('08edd394-5474-44f7-a492-8e877ebe111e', 'Blog', '/blog', 4, null),
  ('4e2d6c41-0e4c-487c-ab9d-226eee767ad3', 'Contacto', '/#contacto', 5, null)
) as v (id, label, path, order_num, parent_id)
where not exists (select 1 from public.menu_items);
-- end of menu_items

-- SEO overrides: each is a deliberate edit of its page's own head (content/*.mdx), within the limits of
-- src/seo/limits.ts (title 60, description 160). meta_title replaces the whole <title>, so it keeps the
-- brand; og_title is the page's hero headline, the line people see when the link is shared.
insert into public.seo_metadata (page_path, meta_title, meta_description, keywords, og_title, og_description, noindex, nofollow) values
  (
    '/',
    'Nexo Digital: software a medida, ecommerce e IA en Valencia',
    'Consultora tecnológica en Valencia: software a medida, tiendas Shopify, WooCommerce y PrestaShop, agentes de IA y automatización para empresas. Pide propuesta.',
    'consultora de software en Valencia, desarrollo de aplicaciones a medida, agencia ecommerce Valencia, automatización con IA para empresas',
    'Tecnología a medida que hace crecer tu negocio',
    'Software, tiendas online y automatizaciones con IA para empresas que quieren vender más y trabajar mejor. Un solo equipo, de la estrategia al lanzamiento.',
    false, false
  ),
  (
    '/shopify',
    'Agencia Shopify en Valencia | Nexo Digital',
    'Creamos, migramos y optimizamos tiendas Shopify y Shopify Plus: tema a medida, apps e integraciones con tu ERP. Lanzamiento medio en 30 días. Pide propuesta.',
    'agencia Shopify Valencia, expertos Shopify Plus, migración a Shopify, tema Shopify a medida',
    'Tiendas Shopify que venden desde el primer día',
    null, false, false
  ),
  (
    '/automatizacion-ia',
    'Automatización con IA para empresas | Nexo Digital',
    'Agentes de IA, workflows e integraciones que reducen hasta un 60 % los costes operativos y un 70 % el tiempo en tareas manuales. ROI en menos de 6 meses.',
    'automatización con IA Valencia, inteligencia artificial para empresas, automatización de procesos de negocio, IA para pymes',
    'Automatiza tu empresa con inteligencia artificial',
    null, false, false
  ),
  (
    '/consultoria-uxui',
    'Consultoría UX/UI en Valencia | Nexo Digital',
    'Auditorías de usabilidad, investigación con usuarios, prototipos y sistemas de diseño para webs, apps y software más claros, accesibles y rentables.',
    'consultoría UX UI Valencia, diseño UX Valencia, auditoría de usabilidad, sistema de diseño',
    'Experiencias digitales que se entienden a la primera',
    null, false, false
  )
on conflict do nothing;
