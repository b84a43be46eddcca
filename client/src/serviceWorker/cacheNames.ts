/**
 * The caches the service worker keeps beside its precache (the app's own files), shared with
 * the page that fills the audio cache ("Keep offline"). A person's reads and audio are kept in
 * caches named after them, so the next person on this device never reads them: they are
 * removed at sign-out and when someone else signs in (reader.ts). No imports: the service
 * worker and the page both carry this.
 */

/** Who is signed in, as the last answer naming them said (the session check's body). */
export const SESSION_CACHE = 'saaga-session';
/** The key of that answer in SESSION_CACHE: the session check's own address, so it can answer offline. */
export const SESSION_KEY = '/api/auth/user';

const READING_PREFIX = 'saaga-reading-';
const AUDIO_PREFIX = 'saaga-audio-';

/** The reads (library pages, stories, chapters) this person has seen, network-first. */
export const readingCacheName = (userId: string) => `${READING_PREFIX}${userId}`;

/** The audio of the chapters this person chose to keep offline. */
export const audioCacheName = (userId: string) => `${AUDIO_PREFIX}${userId}`;

/** Whether a cache holds one person's data; with `userId`, someone else's. */
export function isPersonalCache(name: string, besides?: string): boolean {
  const owner = [READING_PREFIX, AUDIO_PREFIX].find((prefix) => name.startsWith(prefix));
  if (owner === undefined) return false;
  return besides === undefined || name.slice(owner.length) !== besides;
}
