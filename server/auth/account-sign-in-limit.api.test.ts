import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp-server.ts';
import { HttpClient } from '../../test/support/http-client.ts';
import { resetLinkIn, verificationLinkIn } from '../../test/support/mail-messages.ts';
import { type SecondServer, startSecondServer, startTestApp, type TestApp } from '../../test/support/test-app.ts';

// Guessing one person's password from many addresses: held back per account, besides the
// per-address limit, on every server alike; never for longer than the window.
const ACCOUNT_LIMIT = 3;
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'lakeside sauna in july';
const WRONG = 'not the password at all';
const MAIL_WAIT_MS = 5_000;

let smtp: FakeSmtp;
let a: TestApp;
let b: SecondServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  // Each attempt below comes from an address of its own (X-Forwarded-For), so the per-address limit never stops it.
  const env = { TRUST_PROXY: 'true', LOGIN_RATE_LIMIT: '3', LOGIN_ACCOUNT_RATE_LIMIT: String(ACCOUNT_LIMIT) };
  a = await startTestApp({ ...env, SMTP_URL: smtp.url });
  b = await startSecondServer(a, env);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await smtp?.close();
});

let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses % 250}`;
/** A POST from a fresh address, to server `on`. */
const post = (on: { url: string }, path: string, body: unknown, address = nextAddress()) =>
  new HttpClient(on.url).post(path, body, { 'x-forwarded-for': address });
const signIn = (email: string, password: string, on: { url: string } = a) => post(on, '/api/auth/local/sign-in', { email, password });

let accounts = 0;
async function account() {
  const email = `guessed${++accounts}@example.com`;
  expect((await post(a, '/api/auth/local/sign-up', { email, password: PASSWORD, firstName: 'Aino' })).status).toBe(202);
  return email;
}

describe('the per-account sign-in limit', () => {
  it('refuses an account after its failed attempts from different addresses and servers, with the rate limit’s 429, even the right password', async () => {
    const email = await account();
    const otherAccount = await account();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await signIn(email, WRONG, i % 2 ? b : a)).status).toBe(401);
    // Written differently, the same account.
    const refused = await signIn(`  ${email.toUpperCase()} `, PASSWORD, b);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'rate_limited', message: 'Too many requests. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(email, PASSWORD, a)).status).toBe(429);
    // Another account is not held back.
    expect((await signIn(otherAccount, PASSWORD)).status).toBe(200);
  });

  it('counts addresses that have no account the same way (nothing tells them apart)', async () => {
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await signIn('nobody-here@example.com', WRONG)).status).toBe(401);
    expect((await signIn('nobody-here@example.com', WRONG)).status).toBe(429);
  });

  it('starts over when the window has passed: no lasting lock', async () => {
    const email = await account();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await signIn(email, WRONG);
    expect((await signIn(email, PASSWORD)).status).toBe(429);
    // The window's end, brought to now (15 minutes are not waited for here).
    await a.database.db.execute(sql`UPDATE rate_limit_counters SET resets_at = now() WHERE key LIKE ${`%${email}`}`);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('is cleared by a correct password: earlier failures do not add up with later ones', async () => {
    const email = await account();
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('is cleared by a password reset: the owner signs in with the new password at once', async () => {
    const email = await account();
    // The sign-up's own mail (the verification link) comes first.
    expect(verificationLinkIn((await smtp.nextMailTo(email, MAIL_WAIT_MS)).text)).toContain('/verify-email?token=');
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await signIn(email, WRONG);
    expect((await signIn(email, PASSWORD)).status).toBe(429);
    expect((await post(a, '/api/auth/local/forgot-password', { email })).status).toBe(202);
    const token = new URL(resetLinkIn((await smtp.nextMailTo(email, MAIL_WAIT_MS)).text)).searchParams.get('token');
    expect((await post(a, '/api/auth/local/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await signIn(email, NEW_PASSWORD, b)).status).toBe(200);
  });
});

describe('GET /api/auth/local/reset-password/{token}', () => {
  it('is rate limited per address like the other sign-in calls', async () => {
    const address = nextAddress();
    const check = () => new HttpClient(a.url).get(`/api/auth/local/reset-password/${'x'.repeat(43)}`, { 'x-forwarded-for': address });
    for (let i = 0; i < 3; i++) expect((await check()).status).toBe(410);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('rate_limited');
  });
});
