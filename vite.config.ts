import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import mdx from '@mdx-js/rollup'
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdxFrontmatter from 'remark-mdx-frontmatter'
import remarkGfm from 'remark-gfm'
import tailwindcss from '@tailwindcss/vite'
import { cmsReachable } from './src/cms/reachable.server.ts'
import { outDir } from './renderer/buildMode.ts'
import { pageScript } from './renderer/pageScript.ts'
import { precompress } from './renderer/precompress.ts'
import { siteImageVariants } from './renderer/siteImageVariants.ts'

export default defineConfig({
  plugins: [
    // A configured CMS backend that does not answer stops the build before anything is bundled.
    cmsReachable(),
    // MDX must be compiled before the React plugin sees the file.
    { enforce: 'pre', ...mdx({ remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: 'frontmatter' }], remarkGfm] }) },
    react({ include: /\.(mdx|js|jsx|ts|tsx)$/ }),
    tailwindcss(),
    vike(),
    pageScript(),
    siteImageVariants(),
    precompress(`${outDir}/client`),
  ],
  build: { target: 'es2022', outDir },
})
