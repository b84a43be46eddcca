import * as client from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OidcProviderConfig } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import type { ExternalProfile } from './users.ts';

const FLOW_COOKIE = 'saaga_oidc';
const FLOW_MAX_AGE_SECONDS = 10 * 60;

interface PendingLogin {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** Sign-in through OpenID Connect providers (Google, or any other), with PKCE, state and nonce. */
export function oidcSignIn(providers: OidcProviderConfig[], site: Pick<SiteOrigin, 'forLinks' | 'overHttps'>) {
  const configs = new Map<string, Promise<client.Configuration>>();

  function configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    let config = configs.get(provider.id);
    if (!config) {
      const issuer = new URL(provider.issuer);
      // Plain http is allowed only for a provider on this machine (development and tests).
      const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      config = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        execute: local ? [client.allowInsecureRequests] : [],
      });
      // A provider that was down should be asked again next time, not remembered as broken.
      config.catch(() => configs.delete(provider.id));
      configs.set(provider.id, config);
    }
    return config;
  }

  const find = (id: string) => providers.find((provider) => provider.id === id);
  const redirectUri = (request: FastifyRequest, provider: OidcProviderConfig) =>
    `${site.forLinks()}/api/auth/callback/${provider.id}`;

  return {
    has: (id: string) => find(id) !== undefined,

    /** Sends the browser to the provider, remembering the flow's secrets in a short-lived signed cookie. */
    async start(id: string, request: FastifyRequest, reply: FastifyReply) {
      const provider = find(id);
      if (!provider) throw new HttpError(404, 'not_found', 'Unknown sign-in provider');
      const config = await configuration(provider).catch((error) => {
        request.log.error({ err: error, provider: id }, 'OpenID Connect discovery failed');
        throw new HttpError(503, 'provider_unavailable', 'The sign-in provider is not reachable. Please try again later.');
      });
      const pending: PendingLogin = {
        provider: id,
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(request, provider),
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      reply.setCookie(FLOW_COOKIE, JSON.stringify(pending), {
        httpOnly: true,
        sameSite: 'lax',
        secure: site.overHttps(request),
        path: '/api/auth/callback',
        maxAge: FLOW_MAX_AGE_SECONDS,
        signed: true,
      });
      return reply.redirect(url.href);
    },

    /** Checks the provider's answer against the flow cookie and returns who signed in. */
    async finish(id: string, request: FastifyRequest, reply: FastifyReply): Promise<ExternalProfile> {
      const provider = find(id);
      if (!provider) throw new HttpError(404, 'not_found', 'Unknown sign-in provider');
      const pending = readPending(request);
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/callback' });
      if (!pending || pending.provider !== id) throw new HttpError(400, 'sign_in_expired', 'The sign-in has expired');
      const config = await configuration(provider);
      const currentUrl = new URL(request.url, site.forLinks());
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = { ...tokens.claims()! };
      if (!claims.email && tokens.access_token) {
        claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
      }
      return {
        provider: id,
        subject: String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : firstWord(claims.name),
        lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        pictureUrl: typeof claims.picture === 'string' ? claims.picture : undefined,
      };
    },
  };

  function readPending(request: FastifyRequest): PendingLogin | null {
    const raw = request.cookies[FLOW_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      return JSON.parse(unsigned.value) as PendingLogin;
    } catch {
      return null;
    }
  }
}

export type OidcSignIn = ReturnType<typeof oidcSignIn>;

const firstWord = (name: unknown) => (typeof name === 'string' ? name.split(/\s+/)[0] : undefined);
