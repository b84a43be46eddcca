/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, with its development login and
 * consent pages, for tests of sign-in through a provider.
 *
 *   const provider = await startOidcProvider({ given_name: 'Alice' });
 *   const app = await startTestApp({ ...provider.env });
 *   provider.admit(app.url); // Saaga's callback at that address is the client's redirect
 *   const callback = await provider.signIn(authorizationUrl, 'alice', app.url);
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { HttpClient } from '../support/http-client.ts';

const CLIENT = { id: 'saaga', secret: 'saaga-client-secret' };

export interface FakeOidcProvider {
  issuer: string;
  /** What Saaga's configuration needs to use this provider. */
  env: Record<string, string>;
  /** Registers Saaga at `appUrl` as the provider's one client; call once the app listens. */
  admit(appUrl: string): void;
  /**
   * Walks the provider's pages as a browser would (sign-in as `login`, then consent) from the
   * authorization URL until the provider sends the browser back to `appUrl`: answers that URL.
   */
  signIn(authorizationUrl: string, login: string, appUrl: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the provider; every account it knows is `<login>@example.org`, verified, with these names. */
export async function startOidcProvider(names: { given_name: string; family_name?: string }): Promise<FakeOidcProvider> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret },
    admit(appUrl) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        pkce: { required: () => true },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
        async findAccount(_ctx, id) {
          return { accountId: id, claims: async () => ({ sub: id, email: `${id}@example.org`, email_verified: true, ...names }) };
        },
        cookies: { keys: ['provider-cookie-key'] },
      });
      provider.on('server_error', (_ctx, error) => console.error(error));
      handler = provider.callback();
    },
    async signIn(authorizationUrl, login, appUrl) {
      const browser = new HttpClient(issuer);
      let next = authorizationUrl;
      for (let step = 0; step < 12; step++) {
        if (next.startsWith(appUrl)) return next;
        const response = await browser.get(next);
        if (response.status >= 300 && response.status < 400) {
          next = new URL(response.headers.get('location')!, issuer).href;
          continue;
        }
        const html = await response.text();
        const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
        const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
        if (!action || !prompt) throw new Error(`Unexpected provider page: ${html.slice(0, 300)}`);
        const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
        const submitted = await browser.post(new URL(action, issuer).href, form.toString(), {
          'content-type': 'application/x-www-form-urlencoded',
        });
        next = new URL(submitted.headers.get('location')!, issuer).href;
      }
      throw new Error('The provider never sent the browser back');
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
