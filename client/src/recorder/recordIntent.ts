import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';

/**
 * Whether the recorder may start by itself (spec 9: 500 ms after the screen opens): only
 * when the person just pressed Record. Pressing Record is a new history entry (a push or
 * a replace, with a key of its own); Back, Forward and a reload come back to an entry
 * (a POP) and must never turn the microphone on. A key that once started the microphone
 * is remembered for the tab (sessionStorage), so no later return to that entry does again.
 */
/** `navigationType`: the router's POP, PUSH or REPLACE (useNavigationType). */
export function hasRecordIntent(navigationType: string, locationKey: string, storage: Pick<Storage, 'getItem'> | null): boolean {
  if (navigationType === 'POP' || locationKey === 'default') return false;
  return !consumedKeys(storage).includes(locationKey);
}

/** Marks the entry's Record press as used: the microphone was turned on for it. */
export function consumeRecordIntent(locationKey: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): void {
  if (!storage) return;
  // The last few are enough: a key belongs to one history entry of this tab.
  const keys = [...consumedKeys(storage).filter((key) => key !== locationKey), locationKey].slice(-50);
  try {
    storage.setItem(STORAGE_KEYS.consumedRecordIntents, JSON.stringify(keys));
  } catch {
    // A full or refused storage: the navigation type alone still keeps Back and reload quiet.
  }
}

function consumedKeys(storage: Pick<Storage, 'getItem'> | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEYS.consumedRecordIntents) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** The tab's sessionStorage, or null where the browser refuses it. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
