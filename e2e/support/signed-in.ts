import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { users } from '../../server/db/schema.ts';
import type { TestApp } from '../../test/support/test-app.ts';

export interface SignedInOptions {
  language?: 'en' | 'fi';
  /** Let the page use the (fake) microphone without asking. */
  microphone?: boolean;
  acceptDownloads?: boolean;
  /** Let the app's service worker run (blocked in other tests: e2e/support/browser.ts). */
  serviceWorkers?: boolean;
}

/**
 * A new account, signed up and signed in with its language chosen, in a phone-size
 * (390×844) browser context of that locale: a fresh page and the user's id. Page errors
 * and console errors are printed, so a broken screen shows in the test's output.
 */
export async function signedInPage(
  browser: Browser,
  server: TestApp,
  email: string,
  { language = 'en', microphone = false, acceptDownloads = false, serviceWorkers = false }: SignedInOptions = {},
): Promise<{ page: Page; userId: string }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language === 'fi' ? 'fi-FI' : 'en-US',
    acceptDownloads,
    serviceWorkers: serviceWorkers ? 'allow' : 'block',
  });
  if (microphone) await context.grantPermissions(['microphone']);
  const headers = { origin: server.url };
  // As the app does it: sign-up answers alike for any address, then sign-in with the same credentials.
  await context.request.post(`${server.url}/api/auth/local/sign-up`, { data: { email, password: 'long enough password', firstName: 'Aino' }, headers });
  await context.request.post(`${server.url}/api/auth/local/sign-in`, { data: { email, password: 'long enough password' }, headers });
  await context.request.put(`${server.url}/api/auth/language-preference`, { data: { language }, headers });
  const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  page.on('console', (message) => message.type() === 'error' && console.error('console', message.text()));
  return { page, userId: user.id };
}
