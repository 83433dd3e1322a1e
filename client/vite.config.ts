import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routerOptions } from './router-options.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [
    // The router plugin must run before React's so route files are split before JSX is compiled.
    tanstackRouter(routerOptions),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
  },
  server: {
    // `npm run dev -w client` next to `npm run dev` (the API on :3000).
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: false },
      '/healthz': { target: apiTarget },
      // EA downloads are served by the API at root paths (server/src/features/downloads).
      '^/(downloads/|(SignalRelay|OrderTracker)\\.ex[45]$)': { target: apiTarget },
    },
  },
});
