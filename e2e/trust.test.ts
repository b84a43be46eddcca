import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createResetToken } from '../server/auth/password-reset.ts';
import { users } from '../server/db/schema.ts';
import { HttpClient } from '../test/support/http-client.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Trust, round two, on a phone: the signed-in devices in Settings (one signed out, then all
// the others after confirming), a spent reset link that says so on opening, and a story's
// sharing link that the card can no longer show (only its hash is kept). English and Finnish.
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'long enough password';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const shots = screenshots('trust', { fullPage: true });
const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** A phone (Chrome on Android) with a new account signed in, in its language. */
async function phoneSignedIn(email: string, language: 'en' | 'fi') {
  const context = await browser.newContext({ viewport: PHONE, locale: language === 'fi' ? 'fi-FI' : 'en-US', userAgent: ANDROID_CHROME });
  const headers = { origin: server.url };
  expect((await context.request.post(`${server.url}/api/auth/local/sign-up`, { data: { email, password: PASSWORD, firstName: 'Aino' }, headers })).status()).toBe(202);
  expect((await context.request.post(`${server.url}/api/auth/local/sign-in`, { data: { email, password: PASSWORD }, headers })).status()).toBe(200);
  await context.request.put(`${server.url}/api/auth/language-preference`, { data: { language }, headers });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { page, userId: user.id };
}

/** Another device signing in to the account; `signedIn()` tells whether it still is. */
async function otherDevice(email: string, userAgent: string) {
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/local/sign-in', { email, password: PASSWORD }, { 'user-agent': userAgent })).status).toBe(200);
  return { signedIn: async () => (await client.get('/api/auth/user')).status === 200 };
}

it('Settings lists the signed-in devices; one is signed out on its own, then all the others after confirming', async () => {
  const email = 'devices-en@example.com';
  const { page } = await phoneSignedIn(email, 'en');
  const iphone = await otherDevice(email, IPHONE_SAFARI);
  await page.goto(`${server.url}/library`);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.waitForURL('**/settings');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Signed-in devices' }) });
  const list = card.getByRole('list', { name: 'Signed-in devices' });
  await list.getByText('Safari on iPhone').waitFor();
  const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
  await expect.poll(() => mine.textContent(), WAIT).toContain('Chrome on Android');
  await expect.poll(() => mine.textContent(), WAIT).toMatch(/Last used (now|\d+ seconds? ago)/);
  // This device is signed out with the Account card's Sign out, not from the list.
  expect(await mine.getByRole('button').count()).toBe(0);
  await card.scrollIntoViewIfNeeded();
  await noWiderThanPhone(page);
  await shots.page(page, 'devices-en');

  await card.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
  await page.getByText('Safari on iPhone signed out').first().waitFor();
  await expect.poll(() => list.getByRole('listitem').count(), WAIT).toBe(1);
  expect(await iphone.signedIn()).toBe(false);
  await card.getByText('Only this device is signed in.').waitFor();

  // Two more devices; all of them signed out at once, after confirming.
  const laptop = await otherDevice(email, WINDOWS_FIREFOX);
  const tablet = await otherDevice(email, IPHONE_SAFARI);
  await page.reload();
  await list.getByText('Firefox on Windows').waitFor();
  await card.getByRole('button', { name: 'Sign out on all other devices' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out on all other devices?' });
  await confirm.getByText('This device stays signed in.').waitFor();
  await shots.page(page, 'devices-confirm-en');
  // Cancel changes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await laptop.signedIn()).toBe(true);
  await card.getByRole('button', { name: 'Sign out on all other devices' }).click();
  await confirm.getByRole('button', { name: 'Sign out other devices' }).click();
  await page.getByText('All other devices signed out').first().waitFor();
  await expect.poll(() => list.getByRole('listitem').count(), WAIT).toBe(1);
  expect(await laptop.signedIn()).toBe(false);
  expect(await tablet.signedIn()).toBe(false);
  // This phone goes on signed in.
  await page.reload();
  await card.getByText('Only this device is signed in.').waitFor();

  await page.goBack();
  await page.waitForURL('**/library');
  await page.context().close();
}, 120_000);

it('in Finnish: the devices card and its confirmation', async () => {
  const email = 'devices-fi@example.com';
  const { page } = await phoneSignedIn(email, 'fi');
  await otherDevice(email, IPHONE_SAFARI);
  await page.goto(`${server.url}/settings`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Kirjautuneet laitteet' }) });
  const list = card.getByRole('list', { name: 'Kirjautuneet laitteet' });
  await list.getByText('Safari, iPhone').waitFor();
  await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'Tämä laite' }).textContent(), WAIT).toContain('Chrome, Android');
  await list.getByText(/Käytetty viimeksi/).first().waitFor();
  await card.getByRole('button', { name: 'Kirjaa ulos: Safari, iPhone' }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await noWiderThanPhone(page);
  await shots.page(page, 'devices-fi');
  await card.getByRole('button', { name: 'Kirjaa ulos kaikilta muilta laitteilta' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Kirjataanko ulos kaikilta muilta laitteilta?' });
  await confirm.getByText('Tämä laite pysyy kirjautuneena.').waitFor();
  await shots.page(page, 'devices-confirm-fi');
  await confirm.getByRole('button', { name: 'Kirjaa muut ulos' }).click();
  await page.getByText('Kaikki muut laitteet kirjattu ulos').first().waitFor();
  await card.getByText('Vain tämä laite on kirjautuneena.').waitFor();
  await page.context().close();
}, 120_000);

it('a spent reset link says so as soon as it is opened, before any password is typed; a live one opens the form', async () => {
  for (const [language, locale, spentText, liveHeading] of [
    ['en', 'en-US', 'This link to reset the password has expired or has already been used. Ask for a new one.', 'Choose a new password'],
    ['fi', 'fi-FI', 'Salasanan vaihtolinkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.', 'Valitse uusi salasana'],
  ] as const) {
    const email = `spent-${language}@example.com`;
    const client = new HttpClient(server.url);
    expect((await client.post('/api/auth/local/sign-up', { email, password: PASSWORD, firstName: 'Aino' })).status).toBe(202);
    const used = (await createResetToken(server.database.db, email))!.token;
    expect((await client.post('/api/auth/local/reset-password', { token: used, password: 'lakeside sauna in july' })).status).toBe(200);
    const live = (await createResetToken(server.database.db, email))!.token;

    const context = await browser.newContext({ viewport: PHONE, locale });
    const page = await context.newPage();
    await page.goto(`${server.url}/reset-password?token=${used}`);
    await page.getByRole('alert').filter({ hasText: spentText }).waitFor();
    expect(await page.getByLabel(language === 'en' ? 'New password' : 'Uusi salasana').count()).toBe(0);
    await noWiderThanPhone(page);
    await shots.page(page, `spent-reset-link-${language}`);

    await page.goto(`${server.url}/reset-password?token=${live}`);
    await page.getByRole('heading', { name: liveHeading, level: 1 }).waitFor();
    await page.getByLabel(language === 'en' ? 'New password' : 'Uusi salasana').waitFor();
    await page.goBack();
    await page.getByRole('alert').filter({ hasText: spentText }).waitFor();
    await context.close();
  }
}, 120_000);

it('a sharing link made before cannot be shown again: the card says it exists, and a new one replaces it after confirming', async () => {
  for (const [language, texts] of [
    ['en', { heading: 'Sharing link', exists: 'This story has a sharing link', replace: 'Make a new link', confirmTitle: 'Make a new sharing link?', field: 'Sharing link', copyNow: 'Copy it now' }],
    ['fi', { heading: 'Jakolinkki', exists: 'Tällä tarinalla on jakolinkki', replace: 'Luo uusi linkki', confirmTitle: 'Luodaanko uusi jakolinkki?', field: 'Jakolinkki', copyNow: 'Kopioi se nyt' }],
  ] as const) {
    const { page, userId } = await phoneSignedIn(`sharing-${language}@example.com`, language);
    const seed = seeder(server.database.db);
    const story = await seed.story(userId, { title: 'Summers at the cottage', content: 'Every summer we drove north.', language });
    const old = await seed.coAuthorToken(userId, story.id);
    await page.goto(`${server.url}/library/${story.id}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: texts.heading }) });
    await card.getByText(texts.exists).waitFor();
    expect(await card.getByRole('textbox').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await noWiderThanPhone(page);
    await shots.page(page, `sharing-link-exists-${language}`);

    await card.getByRole('button', { name: texts.replace }).click();
    const confirm = page.getByRole('alertdialog', { name: texts.confirmTitle });
    await confirm.waitFor();
    await shots.page(page, `sharing-link-replace-confirm-${language}`);
    await confirm.getByRole('button', { name: texts.replace }).click();
    const field = card.getByRole('textbox', { name: texts.field });
    await field.waitFor();
    await card.getByText(texts.copyNow).waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/co-author/[A-Za-z0-9_-]{43}$`));
    await card.scrollIntoViewIfNeeded();
    await shots.page(page, `sharing-link-new-${language}`);
    // The old link stopped working; the new one works.
    expect((await new HttpClient(server.url).get(`/api/co-author/${old.token}`)).status).toBe(404);
    expect((await new HttpClient(server.url).get(`/api/co-author/${url.split('/').pop()}`)).status).toBe(200);
    await page.context().close();
  }
}, 120_000);
