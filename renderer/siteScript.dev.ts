// The page script under `npm run dev` (renderer/pageScript.ts names it there): what Vike injects into pages
// with a client entry of its own, which public pages no longer have. React Fast Refresh's preamble first
// (React components compiled for development throw without it), then the script, then Vite's client, which
// reloads the page when a file changes.
import '@vitejs/plugin-react/preamble'
import './siteScript'

const viteClient = '/@vite/client'
void import(/* @vite-ignore */ viteClient)
