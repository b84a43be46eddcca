import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups, compileHints, pagePreloads, WARM_UP_MODULE } from './scripts/build/chunks.ts';
import { lightClient } from './scripts/build/light-client.ts';
import { WEB_MANIFEST } from './scripts/build/web-manifest.ts';

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    tailwindcss(),
    pagePreloads(),
    compileHints(),
    // The manifest and the service worker (client/src/serviceWorker/sw.ts, decision 042), built
    // before lightClient renders the landing page (which then names the manifest too) and
    // compresses every file, the worker's included.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      // A new version waits for the next start or "Update now" (serviceWorker/registration.ts registers it).
      registerType: 'prompt',
      injectRegister: false,
      manifest: WEB_MANIFEST,
      // The icons are in the precache by globPatterns below.
      includeManifestIcons: false,
      injectManifest: {
        // A classic worker: every browser that has service workers runs it.
        rollupFormat: 'iife',
        // The app's page and every script and style of this build (both languages' words are
        // scripts); not the landing page's rendered copies (the server sends those online),
        // nor the print preview's PDF library (printing needs the server anyway).
        globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png'],
        globIgnores: ['landing.*.html', 'assets/PrintPreview-*.js'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
    lightClient(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Few chunks for a phone (scripts/build/chunks.ts); pagePreloads lists which a page needs,
    // so its HTML asks for them at once (server/http/spa.ts).
    rolldownOptions: {
      // The app page's warm-up is an entry of its own, without imports (client/src/warmUp.ts).
      input: { index: path.resolve(import.meta.dirname, 'client/index.html'), warmUp: path.resolve(import.meta.dirname, WARM_UP_MODULE) },
      output: { codeSplitting: { groups: chunkGroups(path.resolve(import.meta.dirname, 'client')) } },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      // Live transcription's WebSocket (spec 7.11).
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
