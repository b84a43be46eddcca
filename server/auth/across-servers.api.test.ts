import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp-server.ts';
import { HttpClient } from '../../test/support/http-client.ts';
import { resetLinkIn } from '../../test/support/mail-messages.ts';
import { type SecondServer, startSecondServer, startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { until } from '../../test/support/wait-for.ts';

// Two API servers on ONE database, as behind a load balancer. A remembers sessions for a
// minute (so only eviction can end one there at once), B for a second.
const LOGIN_LIMIT = 3;
const PUBLIC_LIMIT = 3;
const B_CACHE_SECONDS = 1;
const POLL_TIMEOUT_MS = 10_000;
const MAIL_WAIT_MS = 5_000;
const PASSWORD = 'correct horse battery';

const shared = {
  LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
  PUBLIC_RATE_LIMIT: String(PUBLIC_LIMIT),
  // Each test comes from its own address (X-Forwarded-For), so the limits of one do not touch another.
  TRUST_PROXY: 'true',
};

let smtp: FakeSmtp;
let a: TestApp;
let b: SecondServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  a = await startTestApp({ ...shared, SMTP_URL: smtp.url, SESSION_CACHE_SECONDS: '60' });
  b = await startSecondServer(a, { ...shared, SESSION_CACHE_SECONDS: String(B_CACHE_SECONDS) });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await smtp?.close();
});

let addresses = 0;
/** A browser at its own address; `on(server, path)` sends its cookies to either server. */
function browser() {
  const ip = `203.0.113.${++addresses}`;
  const client = new HttpClient(a.url);
  const headers = { 'x-forwarded-for': ip };
  return {
    ip,
    client,
    get: (server: { url: string }, path: string) => client.get(`${server.url}${path}`, headers),
    post: (server: { url: string }, path: string, body: unknown) =>
      client.request('POST', `${server.url}${path}`, body, { ...headers, origin: server.url }),
  };
}

let accounts = 0;
async function signedUp() {
  const person = browser();
  const email = `across${++accounts}@example.com`;
  expect((await person.post(a, '/api/auth/local/sign-up', { email, password: PASSWORD, firstName: 'Aino' })).status).toBe(202);
  const response = await person.post(a, '/api/auth/local/sign-in', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  // Sign-up's verification e-mail, taken here so that the next e-mail to the address is the reset link.
  await smtp.nextMailTo(email, MAIL_WAIT_MS);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { ...person, email, cookie };
}

async function signedIn(email: string) {
  const person = browser();
  expect((await person.post(a, '/api/auth/local/sign-in', { email, password: PASSWORD })).status).toBe(200);
  return person;
}

describe('rate limits shared by the servers', () => {
  it('counts sign-in attempts from one address on both servers together', async () => {
    const attacker = browser();
    const attempt = (server: { url: string }) =>
      attacker.post(server, '/api/auth/local/sign-in', { email: 'nobody@example.com', password: 'wrong password here' });
    for (let i = 0; i < LOGIN_LIMIT - 1; i++) expect((await attempt(a)).status).toBe(401);
    expect((await attempt(b)).status).toBe(401);
    const refused = await attempt(b);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await attempt(a)).status).toBe(429);
    // Another address is not held back.
    expect((await browser().post(a, '/api/auth/local/sign-in', { email: 'nobody@example.com', password: 'wrong password here' })).status).toBe(401);
  });

  it('counts reads of published stories from one address on both servers together', async () => {
    const reader = browser();
    for (let i = 0; i < PUBLIC_LIMIT - 1; i++) expect((await reader.get(a, '/api/published/no-such-story')).status).toBe(404);
    expect((await reader.get(b, '/api/published/no-such-story')).status).toBe(404);
    expect((await reader.get(a, '/api/published/no-such-story')).status).toBe(429);
    expect((await reader.get(b, '/api/published/no-such-story')).status).toBe(429);
  });
});

describe('remembered sessions', () => {
  it('ends a signed-out session at once on the server that signed it out, and on the other when its memory expires', async () => {
    const person = await signedUp();
    expect((await person.get(a, '/api/auth/user')).status).toBe(200);
    expect((await person.get(b, '/api/auth/user')).status).toBe(200);
    expect((await person.get(a, '/api/logout')).status).toBe(302);
    // The cookie as it was before sign-out (the browser dropped it; a copy may not).
    const withOldCookie = (server: { url: string }) =>
      new HttpClient(server.url).get('/api/auth/user', { cookie: person.cookie, 'x-forwarded-for': person.ip });
    expect((await withOldCookie(a)).status).toBe(401);
    await until(async () => (await withOldCookie(b)).status === 401, POLL_TIMEOUT_MS, 'the old cookie refused on server b');
  });

  it('ends every session of a person on the server that reset their password, at once', async () => {
    const first = await signedUp();
    const second = await signedIn(first.email);
    for (const person of [first, second]) expect((await person.get(a, '/api/auth/user')).status).toBe(200);
    const asker = browser();
    expect((await asker.post(a, '/api/auth/local/forgot-password', { email: first.email })).status).toBe(202);
    const link = resetLinkIn((await smtp.nextMailTo(first.email, MAIL_WAIT_MS)).text);
    const token = new URL(link).searchParams.get('token');
    expect((await asker.post(a, '/api/auth/local/reset-password', { token, password: 'lakeside sauna in july' })).status).toBe(200);
    for (const person of [first, second]) expect((await person.get(a, '/api/auth/user')).status).toBe(401);
    expect((await asker.get(a, '/api/auth/user')).status).toBe(200);
  });

  it('ends the other devices signed out from Settings at once on the server that ended them, and on the other when its memory expires', async () => {
    const first = await signedUp();
    const second = await signedIn(first.email);
    const secondCookie = second.client.cookie('saaga_session');
    const withSecondCookie = (server: { url: string }) =>
      new HttpClient(server.url).get('/api/auth/user', { cookie: `saaga_session=${secondCookie}`, 'x-forwarded-for': second.ip });
    expect((await withSecondCookie(a)).status).toBe(200);
    expect((await withSecondCookie(b)).status).toBe(200);
    expect((await first.post(a, '/api/auth/sessions/sign-out-others', {})).status).toBe(204);
    expect((await withSecondCookie(a)).status).toBe(401);
    await until(async () => (await withSecondCookie(b)).status === 401, POLL_TIMEOUT_MS, 'the second cookie refused on server b');
    expect((await first.get(b, '/api/auth/user')).status).toBe(200);
  });

  it('serves a changed language and author name at once on the server that changed them', async () => {
    const person = await signedUp();
    expect(await (await person.get(a, '/api/auth/user')).json()).toMatchObject({ languagePreference: null, authorName: null });
    const put = (path: string, body: unknown) =>
      person.client.request('PUT', `${a.url}${path}`, body, { 'x-forwarded-for': person.ip, origin: a.url });
    expect((await put('/api/auth/language-preference', { language: 'fi' })).status).toBe(200);
    expect((await put('/api/auth/author-name', { authorName: 'Aino V.' })).status).toBe(200);
    expect(await (await person.get(a, '/api/auth/user')).json()).toMatchObject({ languagePreference: 'fi', authorName: 'Aino V.' });
    await until(async () => (await (await person.get(b, '/api/auth/user')).json()).languagePreference === 'fi', POLL_TIMEOUT_MS, 'Finnish on server b');
  });
});
