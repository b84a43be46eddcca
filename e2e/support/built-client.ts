import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Where the built client lives; E2E_CLIENT_DIR lets two checkouts' runs build side by side. */
export const CLIENT_DIR = process.env.E2E_CLIENT_DIR ? path.resolve(process.env.E2E_CLIENT_DIR) : path.join(root, 'dist', 'client');

/** Builds the client as `npm start` would. */
export function buildClient(): void {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Into CLIENT_DIR, so a run with its own E2E_CLIENT_DIR never replaces another run's client.
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', CLIENT_DIR, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
