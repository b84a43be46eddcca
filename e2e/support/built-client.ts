import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Where the built client lives; E2E_CLIENT_DIR lets two checkouts' runs build side by side. */
export const CLIENT_DIR = process.env.E2E_CLIENT_DIR ? path.resolve(process.env.E2E_CLIENT_DIR) : path.join(root, 'dist', 'client');

/** What the client is built from (vite.config.ts: root client/, with contract/, the build's plugins and manifest, and the packages). */
const SOURCES = ['client', 'contract', 'scripts/build', 'vite.config.ts', 'package-lock.json'];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

/** Whether CLIENT_DIR holds a build newer than every source file (e.g. `npm run build` just ran). */
export function builtClientUpToDate(): boolean {
  const built = path.join(CLIENT_DIR, 'index.html');
  if (!existsSync(built)) return false;
  return statSync(built).mtimeMs > Math.max(...SOURCES.map((entry) => newestChange(path.join(root, entry))));
}

/** Builds the client as `npm start` would. */
export function buildClient(): void {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Into CLIENT_DIR, so a run with its own E2E_CLIENT_DIR never replaces another run's client.
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', CLIENT_DIR, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    // A production build, as `npm start` makes: under Vitest NODE_ENV is 'test', and Vite would
    // build a development bundle (import.meta.env.DEV: no service worker registered).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
