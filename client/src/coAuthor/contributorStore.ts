import { contributorStorageKey } from '../../../contract/co-author.ts';

/** What this device keeps for a link: the key the server gave it, and the name typed. */
export interface StoredContributor {
  key: string | null;
  name: string | null;
}

const NOBODY: StoredContributor = { key: null, name: null };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The link's contributor on this device; nothing when storage is unavailable or holds something else. */
export function readContributor(token: string): StoredContributor {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(contributorStorageKey(token)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return NOBODY;
    const { key, name } = stored as Record<string, unknown>;
    return { key: text(key), name: text(name) };
  } catch {
    return NOBODY;
  }
}

/** Keeps the contributor on the device (private windows may refuse: it then holds for this visit). */
export function saveContributor(token: string, contributor: StoredContributor): void {
  try {
    window.localStorage.setItem(contributorStorageKey(token), JSON.stringify(contributor));
  } catch {
    // Storage refused: the page still works until it is closed.
  }
}
