import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// A stand-in build folder as `vite build` leaves it (scripts/build/light-client.ts): the
// page, the landing page rendered per language, a hashed script, each beside its .br and .gz.
const SCRIPT = `console.log(${JSON.stringify('app '.repeat(200))})`;
let server: TestApp;
beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'saaga-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  const write = (name: string, content: string) => {
    writeFileSync(path.join(clientDir, name), content);
    writeFileSync(path.join(clientDir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(clientDir, `${name}.gz`), gzipSync(content));
  };
  write('index.html', '<!doctype html><title>Saaga</title><div id="root"></div>');
  write('landing.en.html', '<!doctype html><html lang="en"><div id="root"><h1>Saaga</h1><p>Tell your story</p></div>');
  write('landing.fi.html', '<!doctype html><html lang="fi"><div id="root"><h1>Saaga</h1><p>Kerro tarinasi</p></div>');
  write(path.join('assets', 'index-abc123.js'), SCRIPT);
  write('sw.js', 'self.addEventListener("fetch", () => {})');
  write('manifest.webmanifest', JSON.stringify({ name: 'Saaga', start_url: '/' }));
  writeFileSync(path.join(clientDir, '.env'), 'SECRET=hidden');
  server = await startTestApp({}, { clientDir });
});
afterAll(() => server?.close());

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function rawGet(route: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${route}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error('timed out')));
    request.end();
  });
}

it('answers every app path with the page, and never caches the page itself', async () => {
  for (const route of ['/library/12', '/settings', '/no/such/page']) {
    const response = await fetch(`${server.url}${route}`);
    expect(response.status, route).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>Saaga</title><div id="root"></div>');
    expect(response.headers.get('cache-control'), route).toBe('no-cache');
  }
});

it('sends the service worker and the manifest with their types, asked for again each time (an update is seen)', async () => {
  for (const [route, type] of [
    ['/sw.js', /^(text|application)\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ] as const) {
    for (const encoding of ['br', 'identity']) {
      const response = await rawGet(route, { 'accept-encoding': encoding });
      expect(response.status, route).toBe(200);
      expect(response.headers['content-type'], `${route} ${encoding}`).toMatch(type);
      expect(response.headers['cache-control'], `${route} ${encoding}`).toBe('no-cache');
    }
  }
});

it('gives a visitor at the front door the landing page already rendered, in the browser language', async () => {
  const english = await rawGet('/', { 'accept-language': 'en-GB,en;q=0.9' });
  expect(english.body.toString()).toContain('Tell your story');
  expect(english.headers['cache-control']).toBe('no-cache');
  expect(english.headers.vary).toMatch(/cookie/i);
  const finnish = await rawGet('/', { 'accept-language': 'fi-FI,fi;q=0.9,en;q=0.5' });
  expect(finnish.body.toString()).toContain('Kerro tarinasi');
  expect(finnish.headers['content-type']).toMatch(/^text\/html/);
});

it('gives someone with a session the app page, not the landing page', async () => {
  const response = await rawGet('/', { 'accept-language': 'fi-FI', cookie: 'saaga_session=anything' });
  expect(response.body.toString()).toBe('<!doctype html><title>Saaga</title><div id="root"></div>');
});

it('sends a script brotli, gzip or as it is, as the browser accepts, and says it varies', async () => {
  const brotli = await rawGet('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);

  const gzip = await rawGet('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

  const identity = await rawGet('/assets/index-abc123.js', {});
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body.toString()).toBe(SCRIPT);

  for (const response of [brotli, gzip, identity]) {
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});

it('sends the page compressed too, still never cached', async () => {
  const response = await rawGet('/settings', { 'accept-encoding': 'br' });
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(brotliDecompressSync(response.body).toString()).toContain('<div id="root">');
});

it('keeps API paths out of the page fallback', async () => {
  const response = await fetch(`${server.url}/api/unknown`);
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'not_found' });
});

it('answers HEAD for a file of the build, and never sends a hidden file', async () => {
  const head = await fetch(`${server.url}/assets/index-abc123.js`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toMatch(/javascript/);
  const hidden = await rawGet('/.env', {});
  expect(hidden.body.toString()).not.toContain('SECRET');
});
