import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInDeviceSchema } from '../../contract/sessions.ts';
import { HttpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { sessions } from '../db/schema.ts';
import { SESSION_LAST_USED_STEP_MS } from './sessions.ts';

// A person's sessions: a new one on every sign-in, the list of signed-in devices, signing
// one of them or all the others out.
const PASSWORD = 'correct horse battery';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: TestApp;
beforeAll(async () => {
  // Sessions read afresh on every request here, as on another server once its memory expires.
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', SESSION_CACHE_SECONDS: '0' });
});
afterAll(() => server?.close());

/** A browser with its own User-Agent; `cookieNow()` copies its session cookie as it is now. */
function device(userAgent = ANDROID_CHROME) {
  const client = new HttpClient(server.url);
  const headers = { 'user-agent': userAgent };
  return {
    client,
    get: (path: string) => client.get(path, headers),
    post: (path: string, body?: unknown) => client.post(path, body, headers),
    delete: (path: string) => client.request('DELETE', path, undefined, headers),
    cookieNow: () => `saaga_session=${client.cookie('saaga_session')}`,
  };
}

let accounts = 0;
async function signedUp(userAgent?: string) {
  const email = `devices${++accounts}@example.com`;
  const first = device(userAgent);
  // Sign-up answers alike for every address and signs no one in (decision 027): the device signs in next.
  expect((await first.post('/api/auth/local/sign-up', { email, password: PASSWORD, firstName: 'Aino' })).status).toBe(202);
  expect((await first.post('/api/auth/local/sign-in', { email, password: PASSWORD })).status).toBe(200);
  return { email, first };
}

async function signedIn(email: string, userAgent?: string) {
  const other = device(userAgent);
  expect((await other.post('/api/auth/local/sign-in', { email, password: PASSWORD })).status).toBe(200);
  return other;
}

/** Whether a copy of a cookie still opens the account. */
const works = async (cookie: string) => (await new HttpClient(server.url).get('/api/auth/user', { cookie })).status === 200;

const devicesOf = async (person: ReturnType<typeof device>) => {
  const response = await person.get('/api/auth/sessions');
  expect(response.status).toBe(200);
  return signedInDeviceSchema.array().parse(await response.json());
};

describe('signing in', () => {
  it('starts a new session and ends the one the browser had: the old cookie stops working', async () => {
    const { email, first } = await signedUp();
    const before = first.cookieNow();
    expect(await works(before)).toBe(true);
    expect((await first.post('/api/auth/local/sign-in', { email, password: PASSWORD })).status).toBe(200);
    expect(first.cookieNow()).not.toBe(before);
    expect(await works(before)).toBe(false);
    expect(await works(first.cookieNow())).toBe(true);
  });

  it("never turns a cookie planted in the browser into a signed-in session: someone else's session ends", async () => {
    const attacker = await signedUp();
    const planted = attacker.first.cookieNow();
    const victim = await signedUp();
    // The victim's browser carries the attacker's cookie when they sign in.
    const browser = new HttpClient(server.url);
    const response = await browser.post('/api/auth/local/sign-in', { email: victim.email, password: PASSWORD }, { cookie: planted });
    expect(response.status).toBe(200);
    expect(await works(planted)).toBe(false);
    expect(await (await browser.get('/api/auth/user')).json()).toMatchObject({ email: victim.email });
  });

  it('leaves the sessions of other browsers alone', async () => {
    const { email, first } = await signedUp();
    const second = await signedIn(email);
    expect(await works(first.cookieNow())).toBe(true);
    expect(await works(second.cookieNow())).toBe(true);
  });
});

describe('GET /api/auth/sessions', () => {
  it('lists every signed-in device by its browser and system, when each was last used, and marks this one', async () => {
    const { email, first } = await signedUp(ANDROID_CHROME);
    await signedIn(email, IPHONE_SAFARI);
    const listed = await devicesOf(first);
    expect(listed.map((d) => d.current)).toEqual([true, false]);
    const [mine, other] = listed;
    expect(mine).toMatchObject({ browser: 'Chrome', os: 'Android' });
    expect(other).toMatchObject({ browser: 'Safari', os: 'iPhone' });
    for (const d of listed) expect(Number.isNaN(Date.parse(d.lastUsedAt))).toBe(false);
    // Nothing that could open the session: no token, no hash.
    expect(JSON.stringify(listed)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('moves a device’s last-used time when it is used, at most once every few minutes', async () => {
    const { email, first } = await signedUp();
    const other = await signedIn(email, IPHONE_SAFARI);
    const otherId = (await devicesOf(first)).find((d) => !d.current)!.id;
    const stale = new Date(Date.now() - 2 * SESSION_LAST_USED_STEP_MS);
    await server.database.db.update(sessions).set({ lastUsedAt: stale }).where(eq(sessions.number, otherId));
    expect((await other.get('/api/auth/user')).status).toBe(200);
    const used = (await devicesOf(first)).find((d) => d.id === otherId)!;
    expect(Date.parse(used.lastUsedAt)).toBeGreaterThan(stale.getTime() + SESSION_LAST_USED_STEP_MS);

    // Used again within the step: not written again.
    expect((await other.get('/api/auth/user')).status).toBe(200);
    expect((await devicesOf(first)).find((d) => d.id === otherId)!.lastUsedAt).toBe(used.lastUsedAt);
  });

  it('is 401 without a session', async () => {
    const response = await new HttpClient(server.url).get('/api/auth/sessions');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('signs that one device out at once and leaves this one signed in', async () => {
    const { email, first } = await signedUp();
    const other = await signedIn(email, IPHONE_SAFARI);
    const otherId = (await devicesOf(first)).find((d) => !d.current)!.id;
    expect((await first.delete(`/api/auth/sessions/${otherId}`)).status).toBe(204);
    expect(await works(other.cookieNow())).toBe(false);
    expect(await works(first.cookieNow())).toBe(true);
    expect((await devicesOf(first)).map((d) => d.current)).toEqual([true]);
  });

  it("is a 404 for another person's device, which stays signed in", async () => {
    const owner = await signedUp();
    const stranger = await signedUp();
    const ownersId = (await devicesOf(owner.first))[0].id;
    const response = await stranger.first.delete(`/api/auth/sessions/${ownersId}`);
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
    expect(await works(owner.first.cookieNow())).toBe(true);
  });

  it('is 401 without a session, and ends nothing', async () => {
    const { first } = await signedUp();
    const id = (await devicesOf(first))[0].id;
    expect((await new HttpClient(server.url).request('DELETE', `/api/auth/sessions/${id}`)).status).toBe(401);
    expect(await works(first.cookieNow())).toBe(true);
  });
});

describe('POST /api/auth/sessions/sign-out-others', () => {
  it('signs out every other device of the account, keeps this one, and touches no one else', async () => {
    const { email, first } = await signedUp();
    const second = await signedIn(email, IPHONE_SAFARI);
    const third = await signedIn(email);
    const someoneElse = await signedUp();
    expect((await first.post('/api/auth/sessions/sign-out-others')).status).toBe(204);
    expect(await works(second.cookieNow())).toBe(false);
    expect(await works(third.cookieNow())).toBe(false);
    expect(await works(first.cookieNow())).toBe(true);
    expect(await works(someoneElse.first.cookieNow())).toBe(true);
    expect(await devicesOf(first)).toHaveLength(1);
  });

  it('is 401 without a session', async () => {
    expect((await new HttpClient(server.url).post('/api/auth/sessions/sign-out-others')).status).toBe(401);
  });
});
