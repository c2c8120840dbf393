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

-- Post bodies are Markdown (rendered by src/blog/markdown.server.ts), dollar-quoted so they read as written.
insert into public.blog_posts (title, slug, excerpt, content, featured_image, published, published_at, created_at) values
  (
    'Shopify, WooCommerce o PrestaShop: cómo elegir plataforma para tu tienda online',
    'shopify-woocommerce-prestashop-como-elegir',
    'Comparamos costes, escalabilidad y mantenimiento de las tres plataformas más usadas en España para que aciertes a la primera.',
    $md$## La pregunta correcta no es «cuál es mejor»

Cada semana alguien nos pregunta qué plataforma de ecommerce es la mejor. La respuesta honesta es que ninguna lo es en abstracto: la buena es la que encaja con tu catálogo, con el equipo que va a mantener la tienda y con el presupuesto de los próximos tres años, no solo con el del lanzamiento.

Antes de comparar funcionalidades, conviene contestar por escrito a cuatro preguntas:

- **¿Cuántos productos y variantes vas a vender?** No es lo mismo un catálogo de 80 referencias que uno de 40.000 con tallas, colores y tarifas por cliente.
- **¿Quién va a mantener la tienda?** Un equipo de marketing sin perfil técnico necesita autonomía; uno con desarrolladores puede sacar partido a una plataforma más abierta.
- **¿Con qué sistemas tiene que hablar?** ERP, almacén, CRM, facturación electrónica o marketplaces: cada integración es coste y riesgo.
- **¿Dónde vendes?** Vender en un solo país o en varios, con varias monedas e idiomas, cambia mucho la elección.

## Shopify: lanzar rápido y olvidarse de los servidores

Shopify es la opción que más recomendamos a marcas que quieren vender pronto y centrarse en el producto y en el marketing, no en la tecnología. El alojamiento, la seguridad, las actualizaciones y el pago con tarjeta vienen incluidos, y la cuota mensual es previsible.

Sus puntos fuertes son un *checkout* que convierte muy bien, un ecosistema enorme de aplicaciones y un panel que cualquier persona del equipo aprende en una tarde. Sus límites aparecen cuando el negocio necesita lógica muy particular en el proceso de compra o precios complejos por cliente: ahí entra **Shopify Plus**, o una integración a medida bien diseñada.

Si es tu caso, en nuestra página de [tiendas Shopify y Shopify Plus](/shopify) explicamos cómo trabajamos: tema a medida, apps, integraciones con tu ERP y migración desde otra plataforma sin perder posicionamiento.

## WooCommerce y PrestaShop: control y catálogos grandes

**WooCommerce** tiene sentido cuando el negocio ya vive en WordPress y el contenido pesa tanto como el catálogo: blogs, guías, fichas muy editoriales. Es flexible y no tiene cuota de plataforma, pero exige alojamiento de calidad, copias de seguridad y un mantenimiento serio de plugins. Una tienda WooCommerce descuidada es lenta e insegura; una bien cuidada es una herramienta excelente. Lo contamos con más detalle en [WooCommerce](/woocommerce).

**PrestaShop** sigue siendo muy fuerte en Europa para catálogos grandes, multitienda y negocios B2B con tarifas por grupo de clientes. Su ecosistema de módulos es maduro y hay mucho talento en España para mantenerlo. A cambio, las actualizaciones entre versiones mayores requieren planificación. Si ya tienes una tienda [PrestaShop](/prestashop), casi siempre compensa más optimizarla que migrarla.

| Criterio | Shopify | WooCommerce | PrestaShop |
| --- | --- | --- | --- |
| Tiempo de lanzamiento | Semanas | Semanas o meses | Meses |
| Mantenimiento técnico | Mínimo | Alto | Medio-alto |
| Coste recurrente | Cuota y apps | Alojamiento y plugins | Alojamiento y módulos |
| Catálogos muy grandes | Bien, con Plus | Depende del alojamiento | Muy bien |

## Cómo decidimos con nuestros clientes

En nuestros proyectos, lo que decide no es la cuota inicial sino el **coste total a tres años**: licencias, apps o módulos, alojamiento, horas de mantenimiento y, sobre todo, el coste de oportunidad de no poder lanzar una campaña porque la tienda no da más de sí.

Por eso empezamos siempre con un taller corto en el que repasamos el catálogo, los procesos de pedido y las integraciones, y calculamos ese coste para dos plataformas candidatas. Con los números encima de la mesa, la decisión suele ser bastante evidente, y el equipo la entiende y la defiende.

Si estás en ese punto, escríbenos: te ayudamos a elegir aunque al final no trabajemos juntos.$md$,
    '/images/blog/plataformas-ecommerce.jpg',
    true, now() - interval '40 days', now() - interval '42 days'
  ),
  (
    'Cinco procesos que tu empresa puede automatizar con IA este trimestre',
    'procesos-automatizar-con-ia',
    'Clasificación de correos, conciliación de facturas, cualificación de leads y otros casos con retorno en menos de seis meses.',
    $md$La automatización con inteligencia artificial ya no es un proyecto de innovación para el año que viene: es una partida de ahorro que se puede poner en marcha este trimestre. La clave está en elegir bien por dónde empezar.

## Por dónde empezar

Los mejores candidatos comparten tres rasgos: se repiten muchas veces al día, siguen unas reglas que una persona sabría explicar en diez minutos y hoy consumen horas de alguien que podría dedicarse a otra cosa. Si además el error humano cuesta dinero, mejor todavía.

No hace falta cambiar de sistemas. Un buen proyecto de automatización se conecta con el correo, el ERP o el CRM que ya usas y trabaja con los mismos datos que tu equipo.

## Cinco procesos con retorno en menos de seis meses

1. **Clasificar y responder correos entrantes.** Un modelo de lenguaje lee cada mensaje, detecta si es un pedido, una incidencia o una consulta comercial, lo etiqueta y propone una respuesta. El equipo revisa y envía en segundos lo que antes le llevaba minutos.
2. **Extraer datos de facturas y conciliarlos con el ERP.** La IA lee facturas en PDF de cualquier proveedor, extrae importes, fechas y conceptos, y los cruza con los pedidos. Solo llegan a una persona las que no cuadran.
3. **Cualificar *leads* antes de que lleguen al equipo comercial.** Cada formulario se enriquece con datos públicos de la empresa y se puntúa según tu cliente ideal. Comercial dedica su tiempo a quien tiene más probabilidades de comprar.
4. **Generar informes semanales a partir del CRM.** En lugar de exportar hojas de cálculo cada lunes, un flujo resume las cifras, explica las variaciones en lenguaje claro y lo envía a dirección.
5. **Atender preguntas frecuentes con un agente entrenado en tu documentación.** Plazos de entrega, devoluciones, compatibilidades: un agente responde al momento, cita la fuente y pasa a una persona lo que no sabe resolver.

En clientes reales hemos medido hasta un **70 % menos de tiempo en tareas manuales** en los procesos automatizados. Lo explicamos con ejemplos en nuestra página de [automatización con IA para empresas](/automatizacion-ia).

## Cómo medir el retorno

Antes de escribir una línea de código, medimos la situación de partida: cuántas veces ocurre el proceso, cuánto tarda y cuántos errores produce. Con esos tres números es fácil calcular el ahorro y compararlo con el coste del proyecto y del uso de los modelos.

Después de la puesta en marcha, el mismo panel muestra la evolución semana a semana. Si un flujo no ahorra lo previsto, se ajusta o se retira; no se mantiene por inercia.

## Lo que no conviene automatizar todavía

No todo proceso es buen candidato. Recomendamos esperar cuando las reglas cambian cada semana, cuando los datos de origen están desordenados o repartidos en hojas de cálculo personales, o cuando un error tiene consecuencias legales graves y no hay forma sencilla de revisarlo. En esos casos, el primer paso es ordenar el proceso; la IA llega después y rinde mucho más.

¿Tienes un proceso que encaja en esta lista? Cuéntanoslo y te decimos, sin compromiso, si merece la pena automatizarlo.$md$,
    '/images/blog/automatizacion-ia.jpg',
    true, now() - interval '21 days', now() - interval '25 days'
  ),
  (
    'Qué es un MVP y cuánto cuesta desarrollarlo en España',
    'que-es-un-mvp-y-cuanto-cuesta',
    -- No excerpt: the site shows the start of the body instead (src/blog/text.ts excerptFrom).
    null,
    $md$Un MVP no es una versión barata de tu producto: es el experimento más pequeño que demuestra, con usuarios reales, que tu idea resuelve un problema por el que alguien está dispuesto a pagar.

## Qué es (y qué no es) un MVP

El producto mínimo viable existe para aprender rápido y con poco dinero. Su objetivo no es impresionar a nadie con la cantidad de funciones, sino validar una hipótesis concreta: que un tipo de cliente usa el producto, vuelve y, a ser posible, paga.

Por eso un MVP no es un prototipo en Figma (eso valida el diseño, no el negocio) ni la primera versión de la plataforma completa con todo lo que aparece en el plan de negocio. Es software real, en producción, con el flujo principal bien resuelto y casi nada más.

## Qué incluir y qué dejar fuera

En los MVP que desarrollamos, el alcance suele quedar así:

- **Registro y acceso de usuarios**, con recuperación de contraseña y, si el cliente es una empresa, invitaciones para su equipo.
- **El flujo principal, sin atajos**: la tarea por la que el usuario vino, de principio a fin, pensada para que funcione bien en el móvil.
- **Cobro**, si la hipótesis incluye que el cliente pague: suscripción o pago único con una pasarela estándar.
- **Analítica de producto** para medir activación y retención desde el primer día.
- **Un panel interno mínimo** para que tu equipo dé soporte sin tocar la base de datos.

Y dejamos fuera, a propósito, las integraciones que no son imprescindibles, los roles y permisos complejos, la internacionalización y cualquier pantalla que nadie echará de menos en el primer mes. Todo eso llegará, si el experimento sale bien, con datos que justifiquen el orden.

## Cuánto cuesta desarrollarlo en España

La respuesta depende del alcance, pero podemos dar órdenes de magnitud honestos. Un MVP bien acotado, con el alcance de la lista anterior, se lanza en unas **ocho a doce semanas** con un equipo pequeño de diseño y desarrollo. En España, eso sitúa la inversión habitualmente **entre 25.000 y 60.000 €**, según la complejidad del flujo principal y las integraciones.

Lo que más encarece un MVP no es la tecnología, sino la indefinición: cambiar de hipótesis a mitad de proyecto o añadir funciones «ya que estamos». Un buen descubrimiento inicial de dos semanas suele ahorrar más de lo que cuesta.

## Cómo lo trabajamos

Trabajamos en *sprints* de dos semanas. Al final de cada uno, el producto está desplegado en un entorno de pruebas y lo revisamos contigo, así que ves avances reales desde el primer mes y puedes reordenar prioridades con información.

Elegimos tecnología que aguante el crecimiento: si el MVP funciona, la misma base sirve para escalar a miles de clientes sin reescribirla. Si tu idea es un producto con suscripción, en [desarrollo de plataformas SaaS](/desarrollo-saas) contamos cómo pasamos del MVP a un SaaS multicliente.

¿Tienes una idea y no sabes por dónde empezar a acotarla? Te ayudamos a definir el experimento antes de hablar de presupuesto.$md$,
    '/images/blog/mvp.jpg',
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

-- Each block replaces a text the page declares (src/siteContent/places.ts: "hero-titulo", "{section id}-intro"…) with
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
