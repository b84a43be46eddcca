import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';

/**
 * Whether this device's last session check found someone signed in. Only a hint for what
 * to show while the check runs (the landing page, or a wait for the app); the server decides.
 */
export function probablySignedIn(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.signedIn) === '1';
  } catch {
    return false;
  }
}

/** Keeps the result of a session check for the next visit. */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(STORAGE_KEYS.signedIn, '1');
    else window.localStorage.removeItem(STORAGE_KEYS.signedIn);
  } catch {
    // Storage refused: the next visit shows the landing page while it checks.
  }
}
