import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../test/support/http-client.ts';
import { type ServerProcess, serverDatabase, spawnServer } from '../test/support/server-process.ts';
import { REPO_ROOT } from '../test/support/shared-files.ts';

// `npm start` runs the server as scripts/build/server.mjs builds it: the packages every
// start loads bundled in (decision 024), the rest loaded from node_modules. The other API
// tests run the TypeScript through tsx, so this one runs the build: signing up (argon2 and
// zxcvbn, left out of the bundle), a list, zod's validation, a clean stop.
let outDir: string;
let server: ServerProcess;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  // Inside the repository, so that the packages left out are found in its node_modules.
  outDir = mkdtempSync(path.join(REPO_ROOT, 'dist', 'server-test-'));
  const build = await import(pathToFileURL(path.join(REPO_ROOT, 'scripts', 'build', 'server.mjs')).href);
  await build.buildServer({ outDir });
  const database = await serverDatabase();
  dropDatabase = database.drop;
  server = await spawnServer(database.env, { entry: build.builtServer('main', outDir) });
  await server.serving();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

it('serves the API as built', { timeout: 60_000 }, async () => {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  expect((await health.json()).components).toContainEqual(expect.objectContaining({ name: 'queue', ready: true }));

  const client = new HttpClient(server.url);
  const signUp = await client.post('/api/auth/local/sign-up', { email: 'built@example.com', password: 'long enough password', firstName: 'Aino' });
  expect(signUp.status).toBe(202);
  expect((await client.post('/api/auth/local/sign-in', { email: 'built@example.com', password: 'long enough password' })).status).toBe(200);
  const stories = await client.get('/api/stories');
  expect(stories.status).toBe(200);

  const weak = await client.post('/api/auth/local/sign-up', { email: 'weak@example.com', password: 'password', firstName: 'Aino' });
  expect(weak.status).toBe(400);
  const invalid = await client.post('/api/auth/local/sign-up', { email: 'not an address', password: 'long enough password', firstName: 'Aino' });
  expect(invalid.status).toBe(400);
  expect(await invalid.json()).toMatchObject({ code: 'validation' });
});

it('stops cleanly on SIGTERM', { timeout: 60_000 }, async () => {
  await server.stop('SIGTERM');
  expect((await server.exited).code).toBe(0);
});
