export type TabId = 'dashboard' | 'leads' | 'pages' | 'content' | 'blog' | 'menu' | 'seo'
