export type TabId =
  'dashboard' | 'leads' | 'analytics' | 'pages' | 'texts' | 'blog' | 'media' | 'menu' | 'seo' | 'redirects' | 'team' | 'integrations'
