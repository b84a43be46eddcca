import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_WORDS } from '../../contract/archive.ts';
import { type FakeOidcProvider, startOidcProvider } from '../../test/fakes/oidc-provider.ts';
import { selectRows } from '../../test/support/account-contents.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { sessions, users } from '../db/schema.ts';
import { DELETE_ACCOUNT } from './delete-account-job.ts';

// DELETE /api/account: who may, and what ends at once. No worker runs here (the job's own
// work is counted in nothing-left-behind.api.test.ts): what this file sees is the request's.
const PASSWORD = 'long enough password';
const ACCOUNT_LIMIT = 3;

let provider: FakeOidcProvider;
let app: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({ given_name: 'Olli' });
  app = await startTestApp({ ...provider.env, LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: String(ACCOUNT_LIMIT) });
  provider.admit(app.url);
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** Signs a new browser in through the provider as `login` (its development pages, filled in as a person would). */
async function providerSignIn(login: string): Promise<HttpClient> {
  const browser = new HttpClient(app.url);
  const callback = await provider.signIn((await browser.get('/api/login')).headers.get('location')!, login, app.url);
  expect((await browser.get(callback)).headers.get('location')).toBe('/');
  return browser;
}

const deleteAccount = (client: HttpClient, body: unknown) => client.request('DELETE', '/api/account', body);
let accounts = 0;
const newAccount = () => signedUpClient(app.url, `deleting${++accounts}@example.com`);
const queuedDeletions = async (userId: string) =>
  (await selectRows(app.database.db, sql`select id from pgboss.job where name = ${DELETE_ACCOUNT} and data->>'userId' = ${userId}`)).length;
const userRow = async (id: string) => (await app.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('DELETE /api/account', () => {
  it('answers 401 to a caller with no session, before it looks at the body', async () => {
    const response = await new HttpClient(app.url).request('DELETE', '/api/account', { nonsense: true });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('unauthorized');
    expect((await new HttpClient(app.url).get('/api/account/deletion')).status).toBe(401);
  });

  it('refuses a word that is not the interface language’s, naming the field, and keeps the account', async () => {
    const { client, id } = await newAccount();
    for (const body of [
      { language: 'en', confirmation: ACCOUNT_DELETION_WORDS.fi, password: PASSWORD },
      { language: 'fi', confirmation: ACCOUNT_DELETION_WORDS.en, password: PASSWORD },
      { language: 'en', confirmation: 'DELET', password: PASSWORD },
    ]) {
      const response = await deleteAccount(client, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'deletion_word_mismatch', field: 'confirmation' });
    }
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await userRow(id))!.deletionStartedAt).toBeNull();
  });

  it('asks an account with a password for it, refuses a wrong one, and counts tries with the sign-in’s', async () => {
    const { client, id } = await newAccount();
    expect(await (await client.get('/api/account/deletion')).json()).toEqual({ confirmWith: 'password', provider: null, signedInRecently: true });
    const missing = await deleteAccount(client, { language: 'en', confirmation: 'DELETE' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'password_required', field: 'password' });
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      const wrong = await deleteAccount(client, { language: 'en', confirmation: 'DELETE', password: `wrong password ${i}` });
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ code: 'wrong_password', field: 'password' });
    }
    // The account's tries are spent: even the right password waits now, here and at sign-in.
    const limited = await deleteAccount(client, { language: 'en', confirmation: 'DELETE', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe('rate_limited');
    const email = `deleting${accounts}@example.com`;
    expect((await new HttpClient(app.url).post('/api/auth/local/sign-in', { email, password: PASSWORD })).status).toBe(429);
    expect((await userRow(id))!.deletionStartedAt).toBeNull();
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('deletes with the word and the password: 202, every session ends, the address signs in no more, the job is queued', async () => {
    const { client, id } = await newAccount();
    const email = `deleting${accounts}@example.com`;
    const otherDevice = new HttpClient(app.url);
    expect((await otherDevice.post('/api/auth/local/sign-in', { email, password: PASSWORD })).status).toBe(200);
    // Lower case and spaces around the word are the same word.
    const response = await deleteAccount(client, { language: 'fi', confirmation: ' poista ', password: PASSWORD });
    expect(response.status).toBe(202);
    expect(response.headers.getSetCookie().join()).toMatch(/saaga_session=;/);

    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
    const signIn = await new HttpClient(app.url).post('/api/auth/local/sign-in', { email, password: PASSWORD });
    expect(signIn.status).toBe(401);
    expect((await signIn.json()).code).toBe('invalid_credentials');
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await userRow(id))!.deletionStartedAt).not.toBeNull();
    expect(await queuedDeletions(id)).toBe(1);

    // The address is free: signing up with it makes a new, empty account.
    const again = await signedUpClient(app.url, email);
    expect(again.id).not.toBe(id);
  });

  it('asks an account that signs in only through a provider to sign in again, then deletes it; the same person signing in again starts afresh', async () => {
    const browser = await providerSignIn('olli');
    const before = await (await browser.get('/api/auth/user')).json();
    await seeder(app.database.db).story(before.id);
    expect(await (await browser.get('/api/stories')).json()).toHaveLength(1);
    // A session older than FRESH_SIGN_IN_MINUTES: a device left signed in.
    await app.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.userId, before.id));
    expect(await (await browser.get('/api/account/deletion')).json()).toEqual({ confirmWith: 'signIn', provider: 'oidc', signedInRecently: false });
    const stale = await deleteAccount(browser, { language: 'en', confirmation: 'DELETE' });
    expect(stale.status).toBe(403);
    expect((await stale.json()).code).toBe('sign_in_again');
    expect((await userRow(before.id))!.deletionStartedAt).toBeNull();

    const fresh = await providerSignIn('olli');
    expect((await (await fresh.get('/api/auth/user')).json()).id).toBe(before.id);
    expect(await (await fresh.get('/api/account/deletion')).json()).toEqual({ confirmWith: 'signIn', provider: 'oidc', signedInRecently: true });
    expect((await deleteAccount(fresh, { language: 'en', confirmation: 'DELETE' })).status).toBe(202);
    expect((await browser.get('/api/auth/user')).status).toBe(401);

    const later = await providerSignIn('olli');
    const after = await (await later.get('/api/auth/user')).json();
    expect(after.id).not.toBe(before.id);
    expect(after.email).toBe('olli@example.org');
    expect(await (await later.get('/api/stories')).json()).toEqual([]);
  });
});
