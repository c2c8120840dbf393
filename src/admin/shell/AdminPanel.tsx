import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import {
  ChartLine,
  ExternalLink,
  FileText,
  Image as ImageIcon,
  Inbox,
  LayoutDashboard,
  LogOut,
  Menu as MenuIcon,
  Newspaper,
  Signpost,
  Search,
  ShieldCheck,
  SquarePen,
  Users,
  Webhook,
} from 'lucide-react'
import { useMemo, useState, type ComponentType, type ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog'
import { AdminContext } from '../context'
import { signOutToSite } from '../navigation'
import { useLeaveGuard } from '../shared/unsaved'
import { useIsAdmin, useIsStaff } from '../staff'
import { AnalyticsTab } from '../analytics/AnalyticsTab'
import { BlogTab } from '../blog/BlogTab'
import { TextPlacesTab } from '../textPlaces/TextPlacesTab'
import { Dashboard } from '../dashboard/Dashboard'
import { LeadsTab } from '../leads/LeadsTab'
import { leadIdFrom } from '../../leads/leadUrl'
import { recordFrom, type RecordRef } from '../recordLinks'
import { useNewLeadCount } from '../leads/useNewLeadCount'
import { MediaTab } from '../media/MediaTab'
import { MenuTab } from '../menu/MenuTab'
import { PagesTab } from '../pages/PagesTab'
import { RedirectsTab } from '../redirects/RedirectsTab'
import { SeoTab } from '../seo/SeoTab'
import { TeamTab } from '../team/TeamTab'
import { WebhooksTab } from '../webhooks/WebhooksTab'
import type { SeoCatalog } from '../seo/seoPages'
import { PendingAccess } from './PendingAccess'
import { TwoFactorDialog } from '../twoFactor/TwoFactorDialog'
import { TwoFactorRequired } from '../twoFactor/TwoFactorRequired'
import { useTwoFactor } from '../twoFactor/useTwoFactor'
import type { TabId } from './tabs'
import { NewTabNote } from '../../components/ui/NewTabNote'

const tabs: { id: TabId; label: string; icon: ComponentType<{ 'aria-hidden'?: boolean }>; staffOnly?: boolean; adminOnly?: boolean }[] = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  // Enquiries are personal data: only staff may read them, so an account without access does not get the tab.
  { id: 'leads', label: 'Contactos', icon: Inbox, staffOnly: true },
  { id: 'analytics', label: 'Analítica', icon: ChartLine, staffOnly: true },
  { id: 'pages', label: 'Páginas', icon: FileText },
  { id: 'texts', label: 'Textos', icon: SquarePen },
  { id: 'blog', label: 'Blog', icon: Newspaper },
  { id: 'media', label: 'Medios', icon: ImageIcon },
  { id: 'menu', label: 'Menú', icon: MenuIcon },
  { id: 'seo', label: 'SEO', icon: Search },
  { id: 'redirects', label: 'Redirecciones', icon: Signpost },
  { id: 'team', label: 'Equipo', icon: Users, adminOnly: true },
  { id: 'integrations', label: 'Integraciones', icon: Webhook, adminOnly: true },
]

interface AdminPanelProps {
  supabase: SupabaseClient<Database>
  user: User
  seo: SeoCatalog
}

/** The signed-in panel: header, the staff check and the tabs. */
export function AdminPanel({ supabase, user, seo }: AdminPanelProps) {
  const isStaff = useIsStaff(supabase, user.id)
  const isAdmin = useIsAdmin(supabase, user.id)
  const twoFactor = useTwoFactor(supabase)
  // A link to a lead (/admin?lead=<id>, src/leads/leadUrl.ts) opens the Contactos tab (which opens the lead).
  // A link to a post or page (/admin?post=<id>, src/admin/recordLinks.ts) opens its form in its tab.
  const [opening, setOpening] = useState<RecordRef | null>(() => recordFrom(window.location.search))
  const [tab, setTab] = useState<TabId>(() => (leadIdFrom(window.location.search) ? 'leads' : opening ? tabOf(opening) : 'dashboard'))
  const newLeads = useNewLeadCount(supabase, isStaff === true)
  const mayLeave = useLeaveGuard()
  const context = useMemo(() => {
    const openRecord = async (record: RecordRef) => {
      if (!(await mayLeave())) return
      setOpening(record)
      setTab(tabOf(record))
    }
    return { supabase, user, canEdit: isStaff === true, openRecord: (record: RecordRef) => void openRecord(record) }
  }, [supabase, user, isStaff, mayLeave])
  const opened = () => setOpening(null)

  // Inactive tabs unmount, so leaving a tab would silently drop an open form's changes: ask first.
  const changeTab = async (next: TabId) => {
    if (next !== tab && (await mayLeave())) setTab(next)
  }
  const signOut = async () => {
    if (await mayLeave()) await signOutToSite(() => supabase.auth.signOut())
  }

  // The tabs this account sees, the same list for their triggers and their panels.
  const visibleTabs = tabs.filter(({ staffOnly, adminOnly }) => (isStaff || !staffOnly) && (isAdmin || !adminOnly))
  const panels: Record<TabId, ReactNode> = {
    dashboard: <Dashboard onOpenTab={(t) => void changeTab(t)} newLeads={newLeads.count} />,
    leads: <LeadsTab onChanged={() => void newLeads.refresh()} />,
    analytics: <AnalyticsTab />,
    pages: <PagesTab openId={opening?.kind === 'page' ? opening.id : undefined} onOpened={opened} />,
    texts: <TextPlacesTab />,
    blog: <BlogTab openId={opening?.kind === 'post' ? opening.id : undefined} onOpened={opened} />,
    media: <MediaTab />,
    menu: <MenuTab />,
    seo: <SeoTab catalog={seo} />,
    redirects: <RedirectsTab />,
    team: <TeamTab />,
    integrations: <WebhooksTab />,
  }

  return (
    <AdminContext.Provider value={context}>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div className="min-w-0">
            <h1 className="text-lg font-bold text-slate-900 sm:text-xl">Panel de Administración CMS</h1>
            <p className="truncate text-sm text-slate-600">Conectado como: {user.email}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ChangePasswordDialog supabase={supabase} />
            <TwoFactorDialog
              supabase={supabase}
              twoFactor={twoFactor}
              trigger={(open) => (
                <Button variant="ghost" size="sm" onClick={open}>
                  <ShieldCheck aria-hidden="true" /> Verificación en dos pasos
                </Button>
              )}
            />
            <Button asChild variant="ghost" size="sm">
              <a href="/" target="_blank" rel="noopener">
                <ExternalLink aria-hidden="true" /> Ver sitio
                <NewTabNote />
              </a>
            </Button>
            <Button variant="outline" size="sm" className="text-slate-700" onClick={() => void signOut()}>
              <LogOut aria-hidden="true" /> Cerrar Sesión
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {isStaff === false && <PendingAccess email={user.email ?? ''} />}
        {isStaff && twoFactor.required && twoFactor.factor === null && (
          <TwoFactorRequired
            action={
              <TwoFactorDialog
                supabase={supabase}
                twoFactor={twoFactor}
                trigger={(open) => (
                  <Button size="sm" onClick={open}>
                    Activar ahora
                  </Button>
                )}
              />
            }
          />
        )}
        {isStaff === null ? (
          <p role="status" className="text-slate-700">
            Cargando...
          </p>
        ) : (
          <Tabs value={tab} onValueChange={(value) => void changeTab(value as TabId)}>
            <TabsList
              aria-label="Secciones del panel"
              className="grid w-full grid-cols-2 min-[25rem]:grid-cols-3 sm:inline-flex sm:w-auto sm:flex-wrap"
            >
              {visibleTabs.map(({ id, label, icon: Icon }) => (
                <TabsTrigger key={id} value={id}>
                  <Icon aria-hidden /> {label}
                  {id === 'leads' && <NewCountBadge count={newLeads.count} />}
                </TabsTrigger>
              ))}
            </TabsList>
            {visibleTabs.map(({ id }) => (
              <TabsContent key={id} value={id}>
                {panels[id]}
              </TabsContent>
            ))}
          </Tabs>
        )}
      </main>
    </AdminContext.Provider>
  )
}

const tabOf = (record: RecordRef): TabId => (record.kind === 'post' ? 'blog' : 'pages')

/** The unread leads beside the tab's name, read out as «3 nuevos». */
function NewCountBadge({ count }: { count: number | null }) {
  if (!count) return null
  return (
    <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold tabular-nums text-white">
      {count}
      <span className="sr-only"> {count === 1 ? 'nuevo' : 'nuevos'}</span>
    </span>
  )
}
