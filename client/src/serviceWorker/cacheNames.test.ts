import { expect, it } from 'vitest';
import { audioCacheName, isPersonalCache, readingCacheName, SESSION_CACHE } from './cacheNames.ts';

it('tells one person’s caches from another’s and from the app’s own', () => {
  expect(isPersonalCache(readingCacheName('aino'))).toBe(true);
  expect(isPersonalCache(audioCacheName('aino'))).toBe(true);
  expect(isPersonalCache(readingCacheName('aino'), 'aino')).toBe(false);
  expect(isPersonalCache(audioCacheName('aino'), 'eero')).toBe(true);
  // A name that only begins like another's id is still another person's.
  expect(isPersonalCache(readingCacheName('aino-2'), 'aino')).toBe(true);
  expect(isPersonalCache(SESSION_CACHE)).toBe(false);
  expect(isPersonalCache('workbox-precache-v2-https://saaga.example/')).toBe(false);
});
