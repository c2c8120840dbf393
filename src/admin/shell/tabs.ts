export type TabId = 'dashboard' | 'pages' | 'content' | 'blog' | 'menu' | 'seo'
