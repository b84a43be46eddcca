/**
 * Which requests the service worker treats how, by address (sw.ts). No imports: a pure
 * rule, tested on its own (readRules.test.ts).
 */

/** The reads a signed-in start and reading need, by path: kept per person network-first (never audio, never a download). */
const KEPT_READS = [
  /^\/api\/stories(\/(counts|unassigned|\d+(\/(with-recordings|pending-recordings|follow-up-questions|responses|published-status|photos))?))?$/,
  /^\/api\/chapters(\/\d+(\/stories)?)?$/,
  /^\/api\/recordings(\/\d+(\/(with-people-places|status|timings|photos))?)?$/,
  /^\/api\/(people|places)(\/\d+(\/(recordings|photos))?)?$/,
  /^\/api\/timeline$/,
];

/** Photo sizes a story page shows (an original is a download). */
const SHOWN_PHOTO_SIZES = ['thumb', 'display'];

/** A GET of this address is kept for reading offline (the person's own data: see cacheNames.ts). */
export function isKeptRead(url: URL): boolean {
  if (/^\/api\/photos\/\d+$/.test(url.pathname)) return SHOWN_PHOTO_SIZES.includes(url.searchParams.get('size') ?? '');
  return KEPT_READS.some((rule) => rule.test(url.pathname));
}

/** A recording's audio (what "Keep offline" stores for a chapter's stories). */
export function isRecordingAudio(url: URL): boolean {
  return /^\/api\/recordings\/\d+\/audio$/.test(url.pathname);
}

/** The address of a recording's audio, as the player asks for it. */
export const recordingAudioUrl = (recordingId: number) => `/api/recordings/${recordingId}/audio`;

/** The session check: who is signed in (a 401: nobody). */
export const SESSION_CHECK = '/api/auth/user';

/** POSTs whose success answers with the user now signed in (the same body as the session check). */
export const SIGN_IN_ANSWERS = ['/api/auth/local/sign-in', '/api/auth/local/reset-password'];

/** Signing out: a page the browser opens (settings' Sign out). */
export const SIGN_OUT = '/api/logout';

/** Addresses no page of the app lives at: a navigation there never gets the app's shell offline. */
export const NOT_APP_PAGES = [/^\/api(\/|$)/, /^\/ws\//];
