import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { identities, sessions, users } from '../db/schema.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => server?.close());

let counter = 0;
async function signedUpClient(overrides: Record<string, string> = {}) {
  const client = new HttpClient(server.url);
  const email = `person${++counter}@example.com`;
  const signUp = await client.post('/api/auth/local/sign-up', {
    email,
    password: 'correct horse battery',
    firstName: 'Aino',
    lastName: 'Virtanen',
    ...overrides,
  });
  expect(signUp.status).toBe(202);
  // Sign-up answers alike for any address; the app signs in next, with the same credentials.
  const response = await client.post('/api/auth/local/sign-in', { email, password: overrides.password ?? 'correct horse battery' });
  expect(response.status).toBe(200);
  return { client, email, user: await response.json() };
}

describe('GET /api/auth/user', () => {
  it('answers 401 with a JSON message when nobody is signed in', async () => {
    const response = await new HttpClient(server.url).get('/api/auth/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized', message: 'Unauthorized' });
  });

  it('returns the signed-in user without a language for a first-time user', async () => {
    const { client, email } = await signedUpClient();
    const response = await client.get('/api/auth/user');
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toEqual({
      id: expect.any(String),
      firstName: 'Aino',
      lastName: 'Virtanen',
      email,
      authorName: null,
      languagePreference: null,
      profileImageUrl: null,
      emailVerified: false,
    });
  });
});

describe('local sign-up and sign-in', () => {
  it('sets an httpOnly, SameSite=Lax session cookie that is not Secure on plain http', async () => {
    const client = new HttpClient(server.url);
    const account = { email: 'cookie@example.com', password: 'long enough password' };
    await client.post('/api/auth/local/sign-up', { ...account, firstName: 'Eino' });
    const response = await client.post('/api/auth/local/sign-in', account);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('saaga_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('makes no second account with the same e-mail, in any letter case', async () => {
    const { email } = await signedUpClient();
    const again = await new HttpClient(server.url).post('/api/auth/local/sign-up', {
      email: email.toUpperCase(),
      password: 'another long password',
      firstName: 'Someone',
    });
    expect(again.status).toBe(202);
    const signIn = await new HttpClient(server.url).post('/api/auth/local/sign-in', { email, password: 'another long password' });
    expect(signIn.status).toBe(401);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('names the invalid field', async () => {
    const client = new HttpClient(server.url);
    const badEmail = await client.post('/api/auth/local/sign-up', { email: 'nope', password: 'long enough', firstName: 'A' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ code: 'validation', field: 'email' });
    const shortPassword = await client.post('/api/auth/local/sign-up', {
      email: 'short@example.com',
      password: 'short',
      firstName: 'A',
    });
    expect(await shortPassword.json()).toMatchObject({ code: 'validation', field: 'password' });
  });

  it('signs in with the right password only', async () => {
    const { email } = await signedUpClient();
    const client = new HttpClient(server.url);
    const wrong = await client.post('/api/auth/local/sign-in', { email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const right = await client.post('/api/auth/local/sign-in', { email, password: 'correct horse battery' });
    expect(right.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('stores only an argon2id hash of the password', async () => {
    const { email } = await signedUpClient();
    const rows = await server.database.db.query.identities.findMany();
    const identity = rows.find((row) => row.subject === email)!;
    expect(identity.passwordHash).toMatch(/^\$argon2id\$/);
    expect(identity.passwordHash).not.toContain('correct horse battery');
  });
});

describe('new passwords', () => {
  const signUp = (password: string, email = `rule${++counter}@example.com`) =>
    new HttpClient(server.url).post('/api/auth/local/sign-up', { email, password, firstName: 'Aino', lastName: 'Virtanen' });

  it('refuses passwords shorter than twelve characters, counting an emoji as one', async () => {
    for (const password of ['12345678', 'password', ' '.repeat(8), 'elevenchars', '🌲🌲🌲🌲🌲🌲']) {
      const response = await signUp(password);
      expect(response.status, password).toBe(400);
      expect(await response.json(), password).toMatchObject({ code: 'validation', field: 'password' });
    }
  });

  it('refuses common and easily guessed passwords, naming the field, and creates no account', async () => {
    for (const password of ['password1234', '123456789012', ' '.repeat(12), 'qwertyuiopas', 'virtanen1969']) {
      const email = `weak${++counter}@example.com`;
      const response = await signUp(password, email);
      expect(response.status, password).toBe(400);
      expect(await response.json(), password).toEqual({
        code: 'password_too_weak',
        field: 'password',
        message: expect.stringMatching(/too easy to guess/),
      });
      const rows = await server.database.db.select().from(users).where(eq(users.email, email));
      expect(rows, password).toEqual([]);
    }
  });

  it('accepts long passphrases up to 256 characters, and no longer', async () => {
    const passphrase = 'the summer we spent at the lake house with grandmother and the old blue rowing boat '.repeat(4);
    const longest = await signUp(passphrase.slice(0, 256));
    expect(longest.status).toBe(202);
    const tooLong = await signUp(passphrase.slice(0, 257));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ code: 'validation', field: 'password' });
  });

  it('still lets an account made before the rule sign in with its old password', async () => {
    const email = 'old-account@example.com';
    const [user] = await server.database.db.insert(users).values({ email, firstName: 'Vanha' }).returning();
    await server.database.db
      .insert(identities)
      .values({ userId: user.id, provider: 'local', subject: email, passwordHash: await hash('12345678') });
    const response = await new HttpClient(server.url).post('/api/auth/local/sign-in', { email, password: '12345678' });
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(user.id);
  });
});

describe('PUT /api/auth/language-preference', () => {
  it('stores en or fi and keeps it', async () => {
    const { client } = await signedUpClient();
    const response = await client.put('/api/auth/language-preference', { language: 'fi' });
    expect(response.status).toBe(200);
    expect((await response.json()).languagePreference).toBe('fi');
    expect((await (await client.get('/api/auth/user')).json()).languagePreference).toBe('fi');
  });

  it('rejects any other language, naming the field', async () => {
    const { client } = await signedUpClient();
    for (const language of ['sv', '', 'FI', null]) {
      const response = await client.put('/api/auth/language-preference', { language });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation', field: 'language' });
    }
    expect((await (await client.get('/api/auth/user')).json()).languagePreference).toBeNull();
  });

  it('needs a session', async () => {
    const response = await new HttpClient(server.url).put('/api/auth/language-preference', { language: 'en' });
    expect(response.status).toBe(401);
  });
});

describe('PUT /api/auth/author-name', () => {
  it('sets, trims and clears the author name', async () => {
    const { client } = await signedUpClient();
    const set = await client.put('/api/auth/author-name', { authorName: '  Aino V.  ' });
    expect((await set.json()).authorName).toBe('Aino V.');
    const cleared = await client.put('/api/auth/author-name', { authorName: '' });
    expect((await cleared.json()).authorName).toBeNull();
  });

  it('rejects a missing or overlong name', async () => {
    const { client } = await signedUpClient();
    expect((await client.put('/api/auth/author-name', {})).status).toBe(400);
    const long = await client.put('/api/auth/author-name', { authorName: 'x'.repeat(500) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ field: 'authorName' });
  });
});

describe('sessions', () => {
  it('sign-out ends the session on the server, not just in the browser', async () => {
    const { client } = await signedUpClient();
    const stolenCookie = client.cookie('saaga_session')!;
    const response = await client.get('/api/logout');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const replay = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: `saaga_session=${stolenCookie}` } });
    expect(replay.status).toBe(401);
  });

  it('a sign-out link on another site signs nobody out', async () => {
    const { client } = await signedUpClient();
    for (const site of ['cross-site', 'same-site']) {
      const response = await client.get('/api/logout', { 'sec-fetch-site': site });
      expect(response.status).toBe(302);
      expect((await client.get('/api/auth/user')).status, site).toBe(200);
    }
    await client.get('/api/logout', { 'sec-fetch-site': 'same-origin' });
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('an expired session is no session', async () => {
    const { client, user } = await signedUpClient();
    await server.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('a forged or tampered cookie is no session', async () => {
    const { client } = await signedUpClient();
    const cookie = client.cookie('saaga_session')!;
    const tampered = cookie.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const response = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: `saaga_session=${tampered}` } });
    expect(response.status).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const { client, user } = await signedUpClient();
    const token = decodeURIComponent(client.cookie('saaga_session')!).split('.')[0];
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(token);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('deleting a user removes their sessions', async () => {
    const { client, user } = await signedUpClient();
    await server.database.db.delete(users).where(eq(users.id, user.id));
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});

describe('sign-in navigations without a provider', () => {
  it('lead to the local sign-in page', async () => {
    const client = new HttpClient(server.url);
    for (const path of ['/api/login', '/api/auth/google']) {
      const response = await client.get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/sign-in');
    }
    expect(await (await client.get('/api/auth/providers')).json()).toEqual({ google: false, oidc: false, local: true });
  });
});

describe('HTTP basics', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await new HttpClient(server.url).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const { client } = await signedUpClient();
    const response = await client.put('/api/auth/author-name', '{"authorName": ');
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(JSON.parse(text)).toHaveProperty('message');
  });

  it('refuses a body over the size limit', async () => {
    const { client } = await signedUpClient();
    const response = await client.put('/api/auth/author-name', { authorName: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
  });
});

describe('rate limiting', () => {
  it('stops repeated sign-in attempts', async () => {
    const limited = await startTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const client = new HttpClient(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await client.post('/api/auth/local/sign-in', { email: 'x@example.com', password: 'guess' + i })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const body = await (await client.post('/api/auth/local/sign-in', { email: 'x@example.com', password: 'p' })).json();
      expect(body).toMatchObject({ code: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://saaga.example.com' });
    try {
      const client = new HttpClient(secure.url, 'https://saaga.example.com');
      const account = { email: 'secure@example.com', password: 'long enough password' };
      expect((await client.post('/api/auth/local/sign-up', { ...account, firstName: 'Sanni' })).status).toBe(202);
      const response = await client.post('/api/auth/local/sign-in', account);
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().find((c) => c.startsWith('saaga_session='))).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('rate limiting without a proxy', () => {
  it('cannot be dodged with a made-up X-Forwarded-For', async () => {
    const limited = await startTestApp({ LOGIN_RATE_LIMIT: '2' });
    try {
      const client = new HttpClient(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await client.post(
          '/api/auth/local/sign-in',
          { email: 'x@example.com', password: 'guess' },
          { 'x-forwarded-for': `10.0.0.${i}` },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
