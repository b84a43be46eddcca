import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../contract/storage-keys.ts';
import { type HttpClient, signedUpClient } from '../test/support/http-client.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { skipSplash } from './support/browser.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The words a person meets at phone size: a failed save told in Finnish by its error code,
// toasts clear of the page's header, the landing page's main button with Google not
// configured, the splash once per visit, and settings that speak of quality and creativity.
const PHONE = { width: 390, height: 844 };
const shots = screenshots('words');

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none', splash: 'show' }, (app) => ({ server, browser } = app));

const splash = (page: Page) => page.getByTestId('splash');
/** The toast on screen (Radix also announces it in a hidden live region, which is not it). */
const toastWith = (page: Page, text: string) =>
  page.getByRole('region', { name: /^(Notifications|Ilmoitukset)/ }).getByRole('listitem').filter({ hasText: text });

/** A browser visit signed in as `api`'s user, past the splash unless `withSplash`. */
async function visitAs(api: HttpClient, locale: string, withSplash = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, locale });
  if (!withSplash) await skipSplash(context);
  await context.addCookies([{ name: 'saaga_session', value: api.cookie('saaga_session')!, url: server.url }]);
  return { context, page: await context.newPage() };
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};

describe('words a person meets', () => {
  it('tells a Finnish user a failed author-name save in Finnish, in a toast clear of the header', async () => {
    const { client: api } = await signedUpClient(server.url, 'aino@example.com', 'fi');
    const { context, page } = await visitAs(api, 'fi-FI');
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Asetukset', level: 1 }).waitFor();
    await shots.page(page, 'settings-fi', { fullPage: true });

    await page.getByRole('button', { name: 'Aseta nimi' }).click();
    await page.getByLabel('Kirjoittajan nimi').fill('Aino V.');
    // The session ends elsewhere (signed out on another device): the server answers 401 "unauthorized".
    await context.clearCookies();
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/author-name'));
    await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    expect((await response.json()).code).toBe('unauthorized');

    const toast = toastWith(page, 'Kirjoittajan nimen päivittäminen epäonnistui');
    await toast.getByText('Kirjaudu sisään jatkaaksesi.').waitFor();
    expect(await toast.innerText()).not.toMatch(/Unauthorized/i);

    // The toast sits above the bottom bar, not over the title and back button.
    const back = await box(page.getByRole('button', { name: 'Takaisin' }).first());
    const title = await box(page.getByRole('heading', { name: 'Asetukset', level: 1 }));
    const toastBox = await box(toast);
    const nav = await box(page.getByRole('navigation', { name: 'Päävalikko' }));
    expect(toastBox.y).toBeGreaterThan(Math.max(back.y + back.height, title.y + title.height));
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(nav.y);
    expect(toastBox.width).toBeLessThanOrEqual(420);
    await shots.page(page, 'toast-fi');
    await context.close();
  });

  it('shows an English user the same failure in English', async () => {
    const { client: api } = await signedUpClient(server.url, 'eino@example.com', 'en');
    const { context, page } = await visitAs(api, 'en-US');
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Set name' }).click();
    await page.getByLabel('Author name').fill('Eino');
    await context.clearCookies();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const toast = toastWith(page, 'Failed to update author name');
    await toast.getByText('Please sign in to continue.').waitFor();
    await shots.page(page, 'toast-en');
    await context.close();
  });

  it('speaks of quality and creativity in settings, and offers a temperature only where the model honours one', async () => {
    const { client: api } = await signedUpClient(server.url, 'leena@example.com', 'en');
    const { context, page } = await visitAs(api, 'en-US');
    await page.goto(`${server.url}/settings`);
    const storyWriting = page.getByRole('group', { name: 'Story writing' });
    await storyWriting.getByRole('radio', { name: /Best quality/ }).waitFor();
    expect(await storyWriting.getByRole('radio', { name: /Best quality/ }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Transcription' }).getByRole('radio', { name: /Best accuracy/ }).isChecked()).toBe(true);
    await shots.page(page, 'settings-en', { fullPage: true });

    // gpt-5 ignores a temperature: no control. An older model honours it: the control appears.
    const fineTune = page.getByRole('slider', { name: 'Fine-tune creativity' });
    expect(await fineTune.count()).toBe(0);
    await storyWriting.getByRole('radio', { name: /^Older model/ }).check();
    await fineTune.waitFor();
    await page.getByRole('group', { name: 'AI creativity' }).getByRole('radio', { name: /Literal/ }).check();
    expect(await fineTune.inputValue()).toBe('0.3');
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.aiSettings)) ?? '{}');
    expect(stored).toMatchObject({ creativity: 'literal', temperature: 0.3, storyGenerationModel: 'gpt-4o' });
    await storyWriting.getByRole('radio', { name: /Best quality/ }).check();
    await fineTune.waitFor({ state: 'detached' });
    await context.close();
  });

  it('leads the landing page main button to a working sign-in when Google is not configured', async () => {
    await signedUpClient(server.url, 'sanna@example.com');
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    await skipSplash(context);
    const page = await context.newPage();
    const providers = page.waitForResponse((response) => response.url().endsWith('/api/auth/providers'));
    await page.goto(server.url);
    expect(await (await providers).json()).toMatchObject({ google: false });
    await page.getByRole('heading', { name: 'Saaga', level: 1 }).waitFor();
    expect(await page.getByText(/Google/).count()).toBe(0);
    await shots.page(page, 'landing-en');

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: /FI/i }).click();
    await page.getByRole('link', { name: 'Aloita' }).first().waitFor();
    await shots.page(page, 'landing-fi');
    await page.getByRole('group', { name: 'Kieli' }).getByRole('button', { name: /EN/i }).click();

    await page.getByRole('link', { name: 'Get started' }).first().click();
    // Get started opens the page on Create account; this person already has one.
    await page.waitForURL('**/sign-in?mode=create');
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('sanna@example.com');
    await page.getByLabel('Password').fill('long enough password');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Sign in' }).click();
    // Signed in: a first-time user is asked for a language before anything else.
    await page.getByRole('dialog').getByRole('button', { name: 'Continue in English' }).waitFor();
    await context.close();
  });

  it('plays the splash on the first load of a visit only, not on a deep-link reload', async () => {
    const { client: api } = await signedUpClient(server.url, 'mikko@example.com', 'en');
    const { context, page } = await visitAs(api, 'en-US', true);
    await page.goto(server.url);
    await splash(page).waitFor();
    await splash(page).waitFor({ state: 'detached' });

    for (const path of ['/settings', '/library']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      expect(await splash(page).count(), path).toBe(0);
    }
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await splash(page).count()).toBe(0);
    await context.close();

    // A new visit (another browser session) sees it again, even arriving on a deep link.
    const next = await visitAs(api, 'en-US', true);
    await next.page.goto(`${server.url}/library`);
    await splash(next.page).waitFor();
    await next.context.close();
  });
});
