import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { registerErrorHandling } from './errors.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/** The Content-Security-Policy header as directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  if (!header) throw new Error(`no Content-Security-Policy on ${response.url} (${response.status})`);
  const directives = header.split(';').map((part) => part.trim().split(/\s+/));
  return new Map(directives.map(([name, ...sources]) => [name, sources]));
}

function expectSecurityHeaders(response: Response, what: string) {
  const policy = policyOf(response);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), what).toBe('DENY');
  expect(response.headers.get('referrer-policy'), what).toBe('no-referrer');
}

// A stand-in build folder: what matters is the headers the server puts on the page and its files.
function clientFolder(): string {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'saaga-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Saaga</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  return clientDir;
}

describe('on plain http', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { clientDir: clientFolder() });
  });
  afterAll(() => server?.close());

  it('puts the headers on the page, on every app path, and on the built files', async () => {
    for (const route of ['/', '/sign-in', '/co-author/some-token', '/assets/index-abc123.js']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expectSecurityHeaders(response, route);
    }
    // A slug nobody published: the app's page with 404 (it shows "Story Not Found"), rendered by the server.
    const unpublished = await fetch(`${server.url}/published/some-story`);
    expect(unpublished.status).toBe(404);
    expectSecurityHeaders(unpublished, '/published/some-story');
  });

  it('lets the page load only its own scripts, service worker and manifest, and play recorded audio from blob: URLs', async () => {
    const policy = policyOf(await fetch(`${server.url}/`));
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // The app's service worker and web app manifest: its own only.
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    // Sources of another host or scheme would let an injected tag fetch from it.
    for (const [directive, sources] of policy) {
      for (const source of sources) {
        expect(source, directive).toMatch(/^('self'|'none'|'unsafe-inline'|blob:)$/);
        if (source === "'unsafe-inline'") expect(directive).toBe('style-src');
      }
    }
  });

  it('puts the headers on API answers and on every kind of error', async () => {
    const anonymous = new HttpClient(server.url);
    const { client } = await signedUpClient(server.url, 'headers@example.com');
    const answers: [string, Response, number][] = [
      ['providers', await anonymous.get('/api/auth/providers'), 200],
      ['signed in', await client.get('/api/auth/user'), 200],
      ['unknown API path', await anonymous.get('/api/no-such-thing'), 404],
      ['no session', await anonymous.get('/api/auth/user'), 401],
      ['validation', await anonymous.post('/api/auth/local/sign-up', { email: 'nope' }), 400],
      ['malformed JSON', await client.put('/api/auth/author-name', '{"authorName": '), 400],
      ['other origin', await client.put('/api/auth/author-name', { authorName: 'M' }, { origin: 'https://evil.example' }), 403],
      ['too large', await client.put('/api/auth/author-name', { authorName: 'x'.repeat(2 * 1024 * 1024) }), 413],
    ];
    for (const [what, response, status] of answers) {
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response, what);
    }
  });

  it('sends no HSTS and no upgrade-insecure-requests, even when a made-up header claims https', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/`, { headers });
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(policyOf(response).has('upgrade-insecure-requests')).toBe(false);
    }
  });
});

describe('behind https', () => {
  it('sends HSTS and upgrades insecure requests when PUBLIC_URL is https', async () => {
    const server = await startTestApp({ PUBLIC_URL: 'https://saaga.example.com' });
    try {
      for (const route of ['/api/auth/providers', '/api/no-such-thing']) {
        const response = await fetch(`${server.url}${route}`);
        expect(response.headers.get('strict-transport-security'), route).toMatch(/^max-age=31536000; includeSubDomains$/);
        expect(policyOf(response).get('upgrade-insecure-requests'), route).toEqual([]);
      }
    } finally {
      await server.close();
    }
  });

  it('sends HSTS for a request a trusted proxy says came over https, and not for one over http', async () => {
    const server = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const overHttps = await fetch(`${server.url}/api/no-such-thing`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.status).toBe(404);
      expect(overHttps.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(policyOf(overHttps).has('upgrade-insecure-requests')).toBe(true);
      expectSecurityHeaders(overHttps, 'over https');

      const overHttp = await fetch(`${server.url}/api/no-such-thing`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers.get('strict-transport-security')).toBeNull();
      expect(policyOf(overHttp).has('upgrade-insecure-requests')).toBe(false);
    } finally {
      await server.close();
    }
  });
});

it('puts the headers on an internal error too', async () => {
  // A route that fails unexpectedly; the real app has none to call on purpose.
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerSecurityHeaders(app, { overHttps: () => false });
  app.get('/broken', async () => {
    throw new Error('database went away');
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error', code: 'internal' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  } finally {
    await app.close();
  }
});
