import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOidcProvider, startOidcProvider } from '../../test/fakes/oidc-provider.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// A real OpenID Connect provider (oidc-provider) on this machine, with its development
// login and consent pages, which the test fills in like a person would.
let provider: FakeOidcProvider;
let issuer: string;
let app: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({ given_name: 'Alice', family_name: 'Example' });
  issuer = provider.issuer;
  app = await startTestApp({ ...provider.env, LOGIN_RATE_LIMIT: '1000' });
  provider.admit(app.url);
});

afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** Walks the provider's pages as a browser would until it sends the browser back to Saaga. */
const signInAtProvider = (authorizationUrl: string, login: string) => provider.signIn(authorizationUrl, login, app.url);

describe('sign-in with OpenID Connect', () => {
  it('signs a new user in through the provider, with PKCE, state and nonce', async () => {
    const browser = new HttpClient(app.url);
    const start = await browser.get('/api/login');
    expect(start.status).toBe(302);
    const authorizationUrl = new URL(start.headers.get('location')!);
    expect(authorizationUrl.origin).toBe(issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${app.url}/api/auth/callback/oidc`);

    const callback = await signInAtProvider(authorizationUrl.href, 'alice');
    const finished = await browser.get(callback);
    expect(finished.status).toBe(302);
    expect(finished.headers.get('location')).toBe('/');

    const user = await (await browser.get('/api/auth/user')).json();
    expect(user).toMatchObject({ email: 'alice@example.org', firstName: 'Alice', lastName: 'Example', languagePreference: null });
    // The provider says the address is verified: Saaga counts it so.
    expect(user.emailVerified).toBe(true);

    expect(await (await browser.get('/api/auth/providers')).json()).toEqual({ google: false, oidc: true, local: true });
  });

  it('signs the same person into the same account the next time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const browser = new HttpClient(app.url);
      const start = await browser.get('/api/login');
      await browser.get(await signInAtProvider(start.headers.get('location')!, 'bob'));
      ids.push((await (await browser.get('/api/auth/user')).json()).id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it('joins an unverified local account only after taking it from whoever chose its password', async () => {
    // Someone signs up with the address before its owner comes through the provider, and stays signed in.
    const { client: squatter } = await signedUpClient(app.url, 'carol@example.org', undefined, 'squatter passphrase 1');
    expect((await squatter.get('/api/auth/user')).status).toBe(200); // the server now remembers this session
    const owner = new HttpClient(app.url);
    await owner.get(await signInAtProvider((await owner.get('/api/login')).headers.get('location')!, 'carol'));
    expect(await (await owner.get('/api/auth/user')).json()).toMatchObject({ email: 'carol@example.org', emailVerified: true });
    // The squatter's session and password open nothing now.
    expect((await squatter.get('/api/auth/user')).status).toBe(401);
    const signIn = await new HttpClient(app.url).post('/api/auth/local/sign-in', { email: 'carol@example.org', password: 'squatter passphrase 1' });
    expect(signIn.status).toBe(401);
  });

  it('refuses a callback whose state does not match the browser that started it', async () => {
    const victim = new HttpClient(app.url);
    const start = await victim.get('/api/login');
    const callback = await signInAtProvider(start.headers.get('location')!, 'carol');

    // Another browser (no flow cookie) replays the callback: no session.
    const attacker = new HttpClient(app.url);
    const replay = await attacker.get(callback);
    expect(replay.headers.get('location')).toBe('/sign-in?error=provider');
    expect((await attacker.get('/api/auth/user')).status).toBe(401);

    // The right browser with a changed state: no session either.
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');
    const forged = await victim.get(tampered.href);
    expect(forged.headers.get('location')).toBe('/sign-in?error=provider');
    expect((await victim.get('/api/auth/user')).status).toBe(401);
  });

  it('Google sign-in without Google settings falls back to the local page', async () => {
    const response = await new HttpClient(app.url).get('/api/auth/google');
    expect(response.headers.get('location')).toBe('/sign-in');
  });
});
