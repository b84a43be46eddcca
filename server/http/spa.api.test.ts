import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// A stand-in build folder: what matters here is how the server serves it.
let server: TestApp;
beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'saaga-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Saaga</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  server = await startTestApp({}, { clientDir });
});
afterAll(() => server?.close());

it('answers every app path with the page, and never caches the page itself', async () => {
  for (const route of ['/', '/library/12', '/settings', '/no/such/page']) {
    const response = await fetch(`${server.url}${route}`);
    expect(response.status, route).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('cache-control'), route).toBe('no-cache');
  }
});

it('lets browsers keep hashed assets for good', async () => {
  const response = await fetch(`${server.url}/assets/index-abc123.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it('keeps API paths out of the page fallback', async () => {
  const response = await fetch(`${server.url}/api/unknown`);
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'not_found' });
});
