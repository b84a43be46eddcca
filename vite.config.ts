import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lightClient } from './scripts/build/light-client.ts';

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), lightClient()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // zod and the module that turns its eval probe off share one chunk, so the switch runs
    // before any chunk that builds a schema (see contentSecurityPolicy.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|client[\\/]src[\\/]contentSecurityPolicy\.ts$/ }] } },
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
