export type TabId = 'dashboard' | 'leads' | 'pages' | 'content' | 'blog' | 'media' | 'menu' | 'seo' | 'redirects' | 'team'
