import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const desktopRoot = path.dirname(fileURLToPath(import.meta.url));

/** The console page (desktop/src/renderer), built from the web app's own features and components. */
export default defineConfig({
  root: path.resolve(desktopRoot, 'src/renderer'),
  // Served at app://console/ by the main process: absolute paths resolve there.
  base: '/',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(desktopRoot, '../shared/src') },
      { find: '@', replacement: path.resolve(desktopRoot, '../web/src') },
      // zod configured for the browser (eval-free); see web/src/lib/zod.ts.
      { find: /^zod$/, replacement: path.resolve(desktopRoot, '../web/src/lib/zod.ts') },
    ],
  },
  build: {
    outDir: path.resolve(desktopRoot, 'dist/renderer'),
    emptyOutDir: true,
    sourcemap: true,
    // Electron 41 runs Chromium 146.
    target: 'es2022',
    // One window, loaded from disk: no need to split the code.
    chunkSizeWarningLimit: 1500,
  },
});
