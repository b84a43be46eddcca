import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => server?.close());

let counter = 0;
const newUser = async () => (await signedUpClient(server.url, `origin${++counter}@example.com`)).client;
const authorName = async (client: HttpClient) => (await (await client.get('/api/auth/user')).json()).authorName;

describe('writes from another site', () => {
  const refused: [string, Record<string, string>][] = [
    ['another origin', { origin: 'https://evil.example' }],
    ['a sibling subdomain', { origin: 'https://evil.saaga.example', 'sec-fetch-site': 'same-site' }],
    ['a sibling subdomain that hides its origin', { origin: '', 'sec-fetch-site': 'same-site' }],
    ['another site that hides its origin', { origin: '', 'sec-fetch-site': 'cross-site' }],
    ['an opaque origin (sandboxed frame, data: page)', { origin: 'null' }],
    ['this host on another port', { origin: 'http://127.0.0.1:1' }],
    ['this host over another scheme', { origin: 'https://127.0.0.1' }],
  ];

  it.each(refused)('are refused from %s, and change nothing', async (_, headers) => {
    const client = await newUser();
    const response = await client.put('/api/auth/author-name', { authorName: 'Mallory' }, headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'forbidden_origin', message: 'Cross-site request refused' });
    expect(await authorName(client)).toBeNull();
  });

  it('are refused when only Sec-Fetch-Site says another site, whatever Origin claims', async () => {
    const client = await newUser();
    for (const site of ['same-site', 'cross-site']) {
      const response = await client.put('/api/auth/author-name', { authorName: 'Mallory' }, { 'sec-fetch-site': site });
      expect(response.status, site).toBe(403);
    }
    expect(await authorName(client)).toBeNull();
  });

  it('cannot sign a browser in to an account of the attacker’s choosing', async () => {
    await newUser();
    const response = await new HttpClient(server.url).post(
      '/api/auth/local/sign-in',
      { email: `origin${counter}@example.com`, password: 'long enough password' },
      { origin: '', 'sec-fetch-site': 'same-site' },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('do not stop reads: a link from another site still opens the app', async () => {
    const client = await newUser();
    const response = await client.get('/api/auth/user', { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(200);
  });
});

describe('writes from the app itself', () => {
  it('go through from this origin, as a browser sends them', async () => {
    const client = await newUser();
    const response = await client.put('/api/auth/author-name', { authorName: 'Aino V.' }, { 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(200);
    expect(await authorName(client)).toBe('Aino V.');
  });

  it('go through from a non-browser client, which sends neither Origin nor Sec-Fetch-Site', async () => {
    const browser = await newUser();
    const script = new HttpClient(server.url, null);
    // The script carries the session explicitly, as a command-line client would.
    const cookie = `saaga_session=${browser.cookie('saaga_session')}`;
    const response = await script.put('/api/auth/author-name', { authorName: 'From a script' }, { cookie });
    expect(response.status).toBe(200);
    expect(await authorName(browser)).toBe('From a script');
  });
});

describe('with PUBLIC_URL', () => {
  it('counts only the public address as this origin', async () => {
    const publicServer = await startTestApp({ PUBLIC_URL: 'https://saaga.example.com' });
    try {
      const signUp = (origin: string) =>
        new HttpClient(publicServer.url, origin).post('/api/auth/local/sign-up', {
          email: `public${++counter}@example.com`,
          password: 'long enough password',
          firstName: 'Aino',
        });
      expect((await signUp(publicServer.url)).status).toBe(403);
      expect((await signUp('https://saaga.example.com')).status).toBe(202);
    } finally {
      await publicServer.close();
    }
  });
});
