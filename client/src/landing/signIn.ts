import type { AuthProviders } from '../../../contract/auth.ts';

/** Where the sign-in buttons send the visitor (spec 2: sign-in navigation targets). */
export const SIGN_IN_PATHS = {
  google: '/api/auth/google',
  other: '/api/login',
} as const;

/** Saaga's own page: e-mail accounts, and a button for each provider the server offers. */
export const SIGN_IN_PAGE = '/sign-in';

/** The same page opened on "Create account": a newcomer's "Get started" is not a "Welcome back". */
export const CREATE_ACCOUNT_PAGE = '/sign-in?mode=create';

/** Leaves the single-page app for the server's sign-in flow. */
export function startSignIn(provider: keyof typeof SIGN_IN_PATHS): void {
  window.location.href = SIGN_IN_PATHS[provider];
}

/** The landing page's main way in: Google only when this server has it, else Saaga's own sign-in page. */
export type MainSignIn = { kind: 'google' } | { kind: 'page'; to: typeof CREATE_ACCOUNT_PAGE };

/** Picks the main way in; until the providers are known, the page (creating an account), which offers whatever is configured. */
export function mainSignIn(providers: AuthProviders | undefined): MainSignIn {
  return providers?.google ? { kind: 'google' } : { kind: 'page', to: CREATE_ACCOUNT_PAGE };
}
