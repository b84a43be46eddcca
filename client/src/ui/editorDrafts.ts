import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';

/**
 * An editor's unsaved text kept on this device while the person types, so a reload, a
 * closed tab or a crash offers it back. One key per user and edited thing; removed once
 * the text is saved or the person discards it.
 */
export interface EditorDraft<T> {
  value: T;
  /** When it was last changed (ms since the epoch). */
  savedAt: number;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftStorageKey = (userId: string, key: string) => `${STORAGE_KEYS.editorDraftPrefix}:${userId}:${key}`;

export function readDraft<T>(storage: DraftStorage | null, userId: string, key: string): EditorDraft<T> | null {
  try {
    const parsed = JSON.parse(storage?.getItem(draftStorageKey(userId, key)) ?? 'null') as EditorDraft<T> | null;
    return parsed && typeof parsed === 'object' && 'value' in parsed && typeof parsed.savedAt === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(storage: DraftStorage | null, userId: string, key: string, value: T, now: number): void {
  try {
    storage?.setItem(draftStorageKey(userId, key), JSON.stringify({ value, savedAt: now } satisfies EditorDraft<T>));
  } catch (error) {
    // A full or refused storage: the guard still asks before the page is left.
    console.warn('The draft could not be kept on this device:', error);
  }
}

export function clearDraft(storage: DraftStorage | null, userId: string, key: string): void {
  try {
    storage?.removeItem(draftStorageKey(userId, key));
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** This device's localStorage, or null where the browser refuses it. */
export function deviceStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
