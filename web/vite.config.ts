import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

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
  build: isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx`: the prerenderer's copy of the app.
        outDir: path.resolve(webRoot, '../dist/ssr'),
        emptyOutDir: true,
        target: 'node20',
      }
    : {
        outDir: path.resolve(webRoot, '../dist/web'),
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        target: 'es2022',
      },
  server: {
    port: 5173,
    // `npm run dev`: the API runs on its own port; the browser sees one origin.
    proxy: {
      '/api': { target: apiTarget },
      '/healthz': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
    },
  },
}));
