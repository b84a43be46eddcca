import type { LiveCapabilities } from '../../../contract/live.ts';
import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';
import type { SettingsStorage } from './aiSettingsStore.ts';

/** The person's choice of live text on this device; null until they choose (the server's recommendation applies). */
export type LiveTextChoice = boolean | null;

export function readLiveTextChoice(storage: SettingsStorage): LiveTextChoice {
  try {
    const value = storage.getItem(STORAGE_KEYS.liveText);
    return value === 'on' ? true : value === 'off' ? false : null;
  } catch {
    return null;
  }
}

/** Keeps the choice on the device; false when the storage refused it. */
export function writeLiveTextChoice(storage: SettingsStorage, on: boolean): boolean {
  try {
    storage.setItem(STORAGE_KEYS.liveText, on ? 'on' : 'off');
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the recorder shows live text: never when the server cannot offer it (or has not
 * said yet); otherwise the person's choice, or the server's recommendation until they choose.
 */
export function liveTextOn(choice: LiveTextChoice, capabilities: LiveCapabilities | undefined): boolean {
  if (!capabilities?.available) return false;
  return choice ?? capabilities.recommended;
}
