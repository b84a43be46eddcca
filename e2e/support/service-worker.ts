import type { Page } from 'playwright-core';
import { WAIT } from './wait.ts';

/**
 * Waits until the app's service worker (registered once the page is idle) controls the page
 * and has kept the app's files: from then on the app opens with no network. For the tests
 * that allow service workers (e2e/support/browser.ts blocks them elsewhere).
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, WAIT);
}
