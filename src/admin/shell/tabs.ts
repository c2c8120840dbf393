export type TabId = 'dashboard' | 'leads' | 'pages' | 'texts' | 'blog' | 'media' | 'menu' | 'seo' | 'redirects' | 'team'
