import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
// `npm run dev`: the API listens on PORT (default 3000), like `npm start`; Vite forwards to it.
const apiTarget = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(webRoot, '../shared/src') },
      { find: '@', replacement: path.resolve(webRoot, 'src') },
      // zod configured for the browser (eval-free); see web/src/lib/zod.ts. Not in the SSR build: the
      // server renders live pages in its own process, where zod's setting is global and the API keeps its JIT.
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: path.resolve(webRoot, 'src/lib/zod.ts') }]),
    ],
  },
  // The SSR build is self-contained: the production server renders live pages with it (decision 090), and a
  // production install has only the server's own dependencies (decision 063), not React's or the router's.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx`: the prerenderer's and the live pages' copy of the app.
        outDir: path.resolve(webRoot, '../dist/ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
      }
    : {
        outDir: path.resolve(webRoot, '../dist/web'),
        emptyOutDir: true,
        // Maps are written next to the assets for debugging, without a sourceMappingURL comment, and the server
        // never serves them (docs/decisions/064-source-maps-not-served.md).
        sourcemap: 'hidden',
        manifest: true,
        target: 'es2022',
        // One stylesheet, inlined into every page by scripts/prerender.ts: chunks loaded later do not list it
        // as theirs, so they never fetch it again as a file.
        cssCodeSplit: false,
      },
  server: {
    // Fixed (strictPort): the API's development page points here (api/src/modules/site/dev-site.ts).
    port: 5173,
    strictPort: true,
    // `npm run dev`: the API runs on its own port; the browser sees one origin.
    proxy: {
      '/api': { target: apiTarget },
      '/healthz': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
    },
  },
}));
