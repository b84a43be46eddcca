import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';
import type { EntryKind } from '../api/people.ts';

/** Where each list's hidden labels are kept on this device (spec 3, hidden labels). */
export const HIDDEN_LABELS_KEY: Record<EntryKind, string> = {
  person: STORAGE_KEYS.hiddenPeopleLabels,
  place: STORAGE_KEYS.hiddenPlaceLabels,
};

/** The labels hidden on this device; anything unreadable counts as none. */
export function readHiddenLabels(kind: EntryKind, storage: Storage = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(HIDDEN_LABELS_KEY[kind]) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function write(kind: EntryKind, labels: string[], storage: Storage): string[] {
  try {
    storage.setItem(HIDDEN_LABELS_KEY[kind], JSON.stringify(labels));
  } catch (error) {
    // Storage full or blocked: the labels stay hidden for this visit only.
    console.warn('Hidden labels could not be kept on this device', error);
  }
  return labels;
}

/** Hides labels; answers the new list. */
export function hideLabels(kind: EntryKind, labels: string[], storage: Storage = localStorage): string[] {
  const current = readHiddenLabels(kind, storage);
  return write(kind, [...current, ...labels.filter((label) => !current.includes(label))], storage);
}

/** Shows a hidden label again; answers the new list. */
export function restoreLabel(kind: EntryKind, label: string, storage: Storage = localStorage): string[] {
  return write(kind, readHiddenLabels(kind, storage).filter((item) => item !== label), storage);
}

/** The labels to suggest: the hidden ones left out. */
export function visibleLabels(labels: readonly string[], hidden: readonly string[]): string[] {
  const hiddenSet = new Set(hidden);
  return labels.filter((label) => !hiddenSet.has(label));
}
