import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';

/**
 * When to suggest installing the app (issue 31): from the second visit on this device, until
 * the person dismisses it (dismissed stays dismissed), never in the installed app. A visit is
 * a start of the app in a tab; reloads within the tab are the same visit.
 */

/** The visit from which the suggestion shows. */
export const SUGGEST_FROM_VISIT = 2;

/** How this browser installs: its own prompt (Chrome, Edge, Samsung), Share then Add to Home Screen (iOS), or not at all. */
export type InstallWay = 'prompt' | 'ios' | 'none';

interface Device {
  local: Pick<Storage, 'getItem' | 'setItem'> | null;
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

function read(storage: Pick<Storage, 'getItem'> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Pick<Storage, 'setItem'> | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // A full or refused storage: the suggestion may show once more, nothing worse.
  }
}

/** Counts this visit once per tab; the number of visits so far. */
export function countVisit({ local, session }: Device): number {
  const visits = Number(read(local, STORAGE_KEYS.installVisits)) || 0;
  if (read(session, STORAGE_KEYS.installVisitCounted)) return visits;
  write(session, STORAGE_KEYS.installVisitCounted, '1');
  write(local, STORAGE_KEYS.installVisits, String(visits + 1));
  return visits + 1;
}

/** The person said "Not now": never again on this device. */
export function dismissSuggestion({ local }: Pick<Device, 'local'>): void {
  write(local, STORAGE_KEYS.installSuggestionDismissed, '1');
}

/** Whether to show the suggestion now. */
export function shouldSuggestInstall({ visits, dismissed, installed, way }: { visits: number; dismissed: boolean; installed: boolean; way: InstallWay }): boolean {
  return visits >= SUGGEST_FROM_VISIT && !dismissed && !installed && way !== 'none';
}

/** Whether the suggestion was dismissed on this device. */
export function suggestionDismissed({ local }: Pick<Device, 'local'>): boolean {
  return read(local, STORAGE_KEYS.installSuggestionDismissed) === '1';
}

/** iPhone and iPad Safari (an iPad says it is a Mac, with a touch screen): no prompt, Share then Add to Home Screen. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const apple = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return apple && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}
