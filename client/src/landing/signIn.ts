/** Where the sign-in buttons send the visitor (spec 2: sign-in navigation targets). */
export const SIGN_IN_PATHS = {
  google: '/api/auth/google',
  other: '/api/login',
} as const;

/** Leaves the single-page app for the server's sign-in flow. */
export function startSignIn(provider: keyof typeof SIGN_IN_PATHS): void {
  window.location.href = SIGN_IN_PATHS[provider];
}
