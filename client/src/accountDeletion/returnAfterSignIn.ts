/**
 * A provider's sign-in always comes back to the home page: the deletion screen (and a family
 * reader's settings) asks to be opened again afterwards. Kept in this tab's sessionStorage,
 * and only ever one of the app's own paths, so nothing else can steer where the app goes.
 */
const KEY = 'saaga.returnAfterSignIn';
export const DELETION_PATH = '/settings/delete-account';
/** A family reader's settings: signed in, they add this device's circles to the account (issue 28). */
export const FAMILY_SETTINGS_PATH = '/family/settings';
const RETURN_PATHS: readonly string[] = [DELETION_PATH, FAMILY_SETTINGS_PATH];

export function returnHereAfterSignIn(path: typeof DELETION_PATH | typeof FAMILY_SETTINGS_PATH = DELETION_PATH): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // No storage (a private window's quota): the person finds the screen in Settings again.
  }
}

/** The screen to open after a sign-in, if one asked (read without forgetting it: see forgetReturnAfterSignIn). */
export function peekReturnAfterSignIn(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    return path !== null && RETURN_PATHS.includes(path) ? path : null;
  } catch {
    return null;
  }
}

/** Once the screen is opened: it opens once. */
export function forgetReturnAfterSignIn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
