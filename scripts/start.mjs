// npm start and npm run worker: build what is missing or older than its sources (the client
// for the server, and the server itself), then run the built server in this very process:
// no TypeScript compiler and no second node (decision 024). `node scripts/start.mjs worker`
// runs the background worker instead of the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, builtServer, serverBuildStale } from './build/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
const builtIndex = path.join(root, 'dist', 'client', 'index.html');

function newestChange(dir) {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function clientStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['client', 'contract'].map((dir) => newestChange(path.join(root, dir)));
  return Math.max(...sources) > statSync(builtIndex).mtimeMs;
}

if (entry === 'main' && clientStale()) {
  console.log('Building the client...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (serverBuildStale()) {
  console.log('Building the server...');
  await buildServer();
}
await import(pathToFileURL(builtServer(entry)).href);
