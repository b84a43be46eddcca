import type { AuthProviders } from '../../../contract/auth.ts';

/*
 * The landing page's two reads for a visitor: plain requests with no schemas or data cache,
 * so the landing page's first load stays small (the rest of api/ comes with the app).
 */

const JSON_ANSWER = { headers: { accept: 'application/json' } };

function isAuthProviders(body: unknown): body is AuthProviders {
  const value = body as Partial<Record<keyof AuthProviders, unknown>> | null;
  return typeof value?.google === 'boolean' && typeof value.oidc === 'boolean' && typeof value.local === 'boolean';
}

/** Whether this browser is signed in after all (GET /api/auth/user answers 200). */
export async function isSignedIn(): Promise<boolean> {
  return (await fetch('/api/auth/user', JSON_ANSWER)).ok;
}

/** Which sign-in methods this server offers (GET /api/auth/providers), or undefined when it did not say. */
export async function readAuthProviders(): Promise<AuthProviders | undefined> {
  const response = await fetch('/api/auth/providers', JSON_ANSWER);
  const body: unknown = response.ok ? await response.json() : undefined;
  return isAuthProviders(body) ? body : undefined;
}
