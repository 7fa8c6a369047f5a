import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The console's build: served by console/src under `/console` (the gateway's path for it), into
 * console/dist/web. TSX through esbuild alone (no Babel, no React plugin: nothing here needs fast refresh in
 * production). No module-preload polyfill: it would be the one script the CSP has to think about.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
  },
});
