import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { chunkGroups, compileHints, pagePreloads, WARM_UP_MODULE } from './scripts/build/chunks.ts';
import { lightClient } from './scripts/build/light-client.ts';

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), pagePreloads(), compileHints(), lightClient()],
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
