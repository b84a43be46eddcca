import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions, users } from '../server/db/schema.ts';
import { type FakeOidcProvider, startOidcProvider } from '../test/fakes/oidc-provider.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { WAIT } from './support/wait.ts';
import { screenshots } from './support/screenshots.ts';

// An account that signs in only through a provider has no password to give: a session older
// than FRESH_SIGN_IN_MINUTES is sent through the provider's sign-in again and comes back to
// the deletion screen, which then deletes with the typed word alone. A real OpenID Connect
// provider (oidc-provider, its development pages filled in as a person would).
const shots = screenshots('delete-account-provider', { fullPage: true });

let provider: FakeOidcProvider;
let issuer: string;
beforeAll(async () => {
  provider = await startOidcProvider({ given_name: 'Olli' });
  issuer = provider.issuer;
});
afterAll(async () => {
  await provider?.close();
});

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none', env: () => provider.env }, (app) => ({ server, browser } = app));
beforeAll(() => provider.admit(server.url));

/** Goes through the provider's pages (sign-in, then consent) until the browser is back at Saaga. */
async function throughProvider(page: Page, login: string) {
  for (let step = 0; step < 4 && page.url().startsWith(issuer); step++) {
    const loginField = page.locator('input[name="login"]');
    if (await loginField.count()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('any');
    }
    await page.locator('button[type="submit"]').first().click();
    await page.waitForLoadState();
  }
  await page.waitForURL((url) => url.href.startsWith(server.url), WAIT);
}

it('sends a provider-only account through the provider again, back to the screen, then deletes it with the word', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  await page.goto(`${server.url}/api/login`);
  await throughProvider(page, 'olli');
  const [user] = await server.database.db.select().from(users).where(eq(users.email, 'olli@example.org'));
  expect(user).toBeDefined();
  // Signed in a while ago: a device left signed in.
  await server.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.userId, user!.id));

  await page.goto(`${server.url}/settings/delete-account`);
  const again = page.getByRole('button', { name: 'Sign in again to confirm' });
  // A new account through a provider is asked its language first.
  await page.getByRole('button', { name: 'Continue in English' }).click(WAIT);
  await again.waitFor(WAIT);
  expect(await page.getByLabel('Your password').count()).toBe(0);
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  // Not before the fresh sign-in.
  expect(await page.getByRole('button', { name: 'Delete my account and everything in it' }).isDisabled()).toBe(true);
  await shots.page(page, 'sign-in-again');

  // The provider still knows the person (its own session), so it sends them straight back with a new session.
  await again.click();
  const freshSessions = async () =>
    (await server.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).filter((row) => Date.now() - row.createdAt.getTime() < 60_000);
  await expect.poll(async () => (await freshSessions()).length, WAIT).toBe(1);
  await page.waitForURL('**/settings/delete-account', WAIT);
  await expect.poll(() => page.getByRole('button', { name: 'Sign in again to confirm' }).count(), WAIT).toBe(0);
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  const submit = page.getByRole('button', { name: 'Delete my account and everything in it' });
  await expect.poll(() => submit.isEnabled(), WAIT).toBe(true);
  await shots.page(page, 'fresh');
  await submit.click();
  await page.getByRole('heading', { name: 'Your account has been deleted', level: 1 }).waitFor(WAIT);
  expect((await server.database.db.select().from(users).where(eq(users.id, user!.id)))[0]?.deletionStartedAt).toBeTruthy();
  await context.close();
});
