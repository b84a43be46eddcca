import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { localTestEngines } from '../../test/support/engines.ts';
import { signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { TEST_MODELS } from '../../test/support/shared-files.ts';
import { createEngines } from '../ai/engines.ts';
import { defaultModel } from '../models/catalogue.ts';

let server: TestApp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('reports the database, the queue and every engine ready', async () => {
  server = await startTestApp({}, { engines: localTestEngines() });
  const response = await fetch(`${server.url}/api/health`);
  expect(response.status).toBe(200);
  const health = await response.json();
  expect(health.status).toBe('ok');
  const byName = Object.fromEntries(health.components.map((c: { name: string }) => [c.name, c]));
  expect(byName.database).toMatchObject({ ready: true, adapter: server.database.kind });
  expect(byName.queue).toMatchObject({ ready: true });
  for (const engine of ['transcriber', 'writer', 'narrator', 'vad']) {
    expect(byName[engine], engine).toMatchObject({ ready: true, adapter: 'local' });
  }
});

it('with no key and no models it is degraded, not down: 200, and each missing engine says how to fix it', async () => {
  const emptyModels = mkdtempSync(path.join(tmpdir(), 'saaga-no-models-'));
  server = await startTestApp({}, { engines: createEngines({ modelsDir: emptyModels }) });
  const response = await fetch(`${server.url}/api/health`);
  expect(response.status).toBe(200);
  const health = await response.json();
  expect(health.status).toBe('degraded');
  const byName = Object.fromEntries(health.components.map((c: { name: string }) => [c.name, c]));
  expect(byName.database).toMatchObject({ ready: true });
  expect(byName.queue).toMatchObject({ ready: true });
  expect(byName.transcriber).toMatchObject({ ready: false, adapter: 'local' });
  expect(byName.transcriber.problem).toMatch(/ggml-large-v3-turbo/);
  for (const engine of ['transcriber', 'writer']) {
    expect(byName[engine].fix, engine).toMatch(/npm run models/);
    expect(byName[engine].fix, engine).toMatch(/OPENAI_API_KEY/);
  }
  expect(byName.vad).toMatchObject({ ready: false, fix: expect.stringMatching(/npm run models/) });
});

it('is degraded when only one engine is missing', async () => {
  const onlyWhisper = mkdtempSync(path.join(tmpdir(), 'saaga-one-model-'));
  symlinkSync(TEST_MODELS.whisper, path.join(onlyWhisper, defaultModel('transcriber').file));
  symlinkSync(TEST_MODELS.vad, path.join(onlyWhisper, defaultModel('vad').file));
  server = await startTestApp({}, { engines: createEngines({ modelsDir: onlyWhisper }) });
  const response = await fetch(`${server.url}/api/health`);
  const health = await response.json();
  expect([response.status, health.status]).toEqual([200, 'degraded']);
  const notReady = health.components.filter((c: { ready: boolean }) => !c.ready).map((c: { name: string }) => c.name);
  expect(notReady).toEqual(['writer']);
});

// On PGlite the database can be closed under the running app; the answer is the same code
// on PostgreSQL (a failed ping), where closing the scratch database would drop it instead.
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('is unavailable (503) when the database is down', async () => {
  const down = await startTestApp();
  await down.database.close();
  const response = await fetch(`${down.url}/api/health`);
  const health = await response.json();
  expect([response.status, health.status]).toEqual([503, 'unavailable']);
  expect(health.components.find((c: { name: string }) => c.name === 'database')).toMatchObject({ ready: false, problem: expect.any(String) });
  // Everything else closes; only the database was closed already.
  await expect(down.close()).rejects.toThrow('PGlite is closed');
});

it('shows the folder of a missing model to a signed-in caller only', async () => {
  const emptyModels = mkdtempSync(path.join(tmpdir(), 'saaga-no-models-'));
  server = await startTestApp({}, { engines: createEngines({ modelsDir: emptyModels }) });
  const transcriberOf = (health: { components: { name: string; problem?: string }[] }) =>
    health.components.find((c) => c.name === 'transcriber')!;

  const anonymous = transcriberOf(await (await fetch(`${server.url}/api/health`)).json());
  expect(anonymous.problem).toMatch(/ggml-large-v3-turbo/);
  expect(anonymous.problem).not.toContain(emptyModels);
  expect(JSON.stringify(anonymous)).not.toMatch(/\/tmp|\/work|\/root|\/home/);

  const { client } = await signedUpClient(server.url, 'health@example.com');
  const signedIn = transcriberOf(await (await client.get('/api/health')).json());
  expect(signedIn.problem).toContain(emptyModels);
});

it('reports the openai adapter when a key is set', async () => {
  server = await startTestApp({}, { engines: createEngines({ modelsDir: tmpdir(), openaiApiKey: 'sk-test', openaiBaseUrl: 'http://127.0.0.1:9/v1' }) });
  const health = await (await fetch(`${server.url}/api/health`)).json();
  const writer = health.components.find((c: { name: string }) => c.name === 'writer');
  expect(writer).toMatchObject({ adapter: 'openai', model: 'gpt-5' });
});
