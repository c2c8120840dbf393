import { Icon } from '../../components/ui/Icon'

/**
 * The way back up, drawn as a breadcrumb ("Inicio › Blog"). The current page is the h1 right below it, so it
 * is not repeated here; the JSON-LD BreadcrumbList, which names it, is the head's job.
 */
export function Breadcrumb({ trail }: { trail: { label: string; href: string }[] }) {
  return (
    <nav aria-label="Ruta de navegación">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {trail.map((crumb, i) => (
          <li key={crumb.href} className="flex items-center gap-1">
            {i > 0 && <Icon name="chevron-right" className="size-4 text-slate-400" />}
            <a href={crumb.href} className="font-medium hover:text-brand-700 hover:underline">
              {crumb.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
