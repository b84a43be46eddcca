/**
 * A provider's sign-in always comes back to the home page: the deletion screen asks to be
 * opened again afterwards. Kept in this tab's sessionStorage, and only ever one of the app's
 * own paths, so nothing else can steer where the app goes.
 */
const KEY = 'saaga.returnAfterSignIn';
export const DELETION_PATH = '/settings/delete-account';

export function returnHereAfterSignIn(): void {
  try {
    sessionStorage.setItem(KEY, DELETION_PATH);
  } catch {
    // No storage (a private window's quota): the person finds the screen in Settings again.
  }
}

/** The screen to open after a sign-in, once (it is forgotten as it is read). */
export function takeReturnAfterSignIn(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path === DELETION_PATH ? path : null;
  } catch {
    return null;
  }
}
