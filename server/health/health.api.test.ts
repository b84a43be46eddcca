import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { localTestEngines } from '../../test/support/engines.ts';
import { signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createEngines } from '../ai/engines.ts';

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

it('says which local model is missing and how to fix it, while the app keeps serving', async () => {
  const emptyModels = mkdtempSync(path.join(tmpdir(), 'saaga-no-models-'));
  server = await startTestApp({}, { engines: createEngines({ modelsDir: emptyModels }) });
  const health = await (await fetch(`${server.url}/api/health`)).json();
  expect(health.status).toBe('ok');
  const transcriber = health.components.find((c: { name: string }) => c.name === 'transcriber');
  expect(transcriber).toMatchObject({ ready: false, adapter: 'local' });
  expect(transcriber.problem).toMatch(/ggml-large-v3-turbo/);
  expect(transcriber.fix).toMatch(/npm run models/);
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
