import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { CHROMIUM_ARGS, FULL_CHROMIUM, skipSplash } from './support/browser.ts';
import { CLIENT_DIR } from './support/built-client.ts';
import { screenshots } from './support/screenshots.ts';
import { untilServiceWorkerControls } from './support/service-worker.ts';
import { signedInPage } from './support/signed-in.ts';
import { BACKGROUND, WAIT } from './support/wait.ts';

// Saaga as an installable app (issue 31), at phone size in English and Finnish: Chromium's
// own installability check (the one Lighthouse reports: the manifest's fields and icons, a
// service worker controlling the page with a fetch handler) finds nothing missing; the
// suggestion to install shows from the second visit (Chrome's own prompt on its button; on an
// iPhone, Safari's Share words) and stays dismissed; a new version waits until "Update now",
// and then the page runs under it.

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const shots = screenshots('installable');

interface AppManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  id: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts: { name: string; url: string }[];
}

/**
 * A browser profile on disk, as a phone's: Chromium judges an incognito window (every
 * context of the shared browser) never installable. Signed in as a new account, splash skipped.
 */
async function profileBrowser(email: string): Promise<BrowserContext> {
  profileDir = mkdtempSync(path.join(tmpdir(), 'saaga-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    // The full browser: the headless shell has no install prompt to offer.
    executablePath: FULL_CHROMIUM,
    headless: true,
    // Chrome offers its install prompt only after some minutes of use: at once here.
    args: [...CHROMIUM_ARGS, '--bypass-app-banner-engagement-checks'],
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  await skipSplash(context);
  const headers = { origin: server.url };
  await context.request.post(`${server.url}/api/auth/local/sign-up`, { data: { email, password: 'long enough password', firstName: 'Aino' }, headers });
  await context.request.post(`${server.url}/api/auth/local/sign-in`, { data: { email, password: 'long enough password' }, headers });
  await context.request.put(`${server.url}/api/auth/language-preference`, { data: { language: 'en' }, headers });
  return context;
}
let profileDir: string | undefined;
let profile: BrowserContext | undefined;
afterAll(async () => {
  await profile?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

it('is installable by Chromium’s own criteria, with the manifest’s fields and real icons of the sizes it names', async () => {
  profile = await profileBrowser('installable@example.com');
  const page = await profile.newPage();
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Start recording' }).waitFor(WAIT);
  await untilServiceWorkerControls(page);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors).toEqual([]);
  const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(errors).toEqual([]);
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  const manifest = JSON.parse(data) as AppManifest;
  expect(manifest).toMatchObject({ name: 'Saaga', short_name: 'Saaga', start_url: '/', scope: '/', id: '/', display: 'standalone', theme_color: '#000000', background_color: '#000000' });
  expect(manifest.shortcuts.map(({ name, url: address }) => [name, address])).toEqual([
    ['Record', '/record'],
    ['Library', '/library'],
  ]);
  // Each icon is a PNG of the size the manifest says; a maskable one among them.
  for (const icon of manifest.icons) {
    const response = await page.request.get(`${server.url}${icon.src}`);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
    const { width, height, format } = await sharp(await response.body()).metadata();
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    expect(format).toBe('png');
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  // iOS's own icon and full-screen app, from the page itself.
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await sharp(await (await page.request.get(`${server.url}${appleIcon}`)).body()).metadata()).width).toBe(180);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content')).resolves.toBe('yes');
  await shots.page(page, 'home-en');

  // The second visit: the suggestion, with Chrome's own install prompt on its button.
  const second = await profile.newPage();
  await page.close();
  await second.goto(`${server.url}/`);
  const suggestion = second.getByRole('region', { name: 'Put Saaga on your home screen' });
  // The button waits for Chrome's own installability check, background work of the browser's.
  await suggestion.getByRole('button', { name: 'Install' }).waitFor(BACKGROUND);
  await suggestion.getByText('Open it like any app').waitFor(WAIT);
  await shots.page(second, 'suggestion-en');

  // In Finnish the page names the Finnish manifest: the same app (one id), its shortcuts in Finnish.
  await profile.request.put(`${server.url}/api/auth/language-preference`, { data: { language: 'fi' }, headers: { origin: server.url } });
  const finnish = await visitHome(second, server.url);
  await finnish.getByRole('button', { name: 'Aloita nauhoitus' }).waitFor(WAIT);
  const finnishCdp = await profile.newCDPSession(finnish);
  const inFinnish = (await finnishCdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(inFinnish.errors).toEqual([]);
  expect(new URL(inFinnish.url).pathname).toBe('/manifest-fi.webmanifest');
  const finnishManifest = JSON.parse(inFinnish.data) as AppManifest & { lang: string };
  expect(finnishManifest).toMatchObject({ id: '/', name: 'Saaga', lang: 'fi', start_url: '/', display: 'standalone' });
  expect(finnishManifest.shortcuts.map(({ name, url: address }) => [name, address])).toEqual([
    ['Tallenna', '/record'],
    ['Kirjasto', '/library'],
  ]);
  expect(((await finnishCdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors).toEqual([]);
});

/** The home screen at a new visit (a new tab of the same browser profile: the visit count is per tab). */
async function visitHome(page: Page, url: string): Promise<Page> {
  const next = await page.context().newPage();
  await page.close();
  await next.goto(`${url}/`);
  return next;
}

it('suggests installing from the second visit on an iPhone, in Finnish, and never again once dismissed', async () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const { page: first } = await signedInPage(browser, server, 'suggestion-fi@example.com', { language: 'fi' });
  await first.context().close();
  // The same account in a context that says it is an iPhone's Safari (its own storage: a first visit).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fi-FI', userAgent: iphone, hasTouch: true, isMobile: true });
  const headers = { origin: server.url };
  await context.request.post(`${server.url}/api/auth/local/sign-in`, { data: { email: 'suggestion-fi@example.com', password: 'long enough password' }, headers });
  let page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Aloita nauhoitus' }).waitFor(WAIT);
  const suggestion = page.getByRole('region', { name: 'Lisää Saaga kotinäytölle' });
  // The first visit: nothing yet (the home screen is there, and the count was made before it rendered).
  expect(await suggestion.count()).toBe(0);

  page = await visitHome(page, server.url);
  const shown = page.getByRole('region', { name: 'Lisää Saaga kotinäytölle' });
  await shown.waitFor(WAIT);
  await shown.getByText('Paina Safarissa Jaa-painiketta ja valitse Lisää Koti-valikkoon.').waitFor(WAIT);
  await shots.page(page, 'suggestion-ios-fi');
  await shown.getByRole('button', { name: 'Ei nyt' }).click();
  await shown.waitFor({ state: 'detached', ...WAIT });

  page = await visitHome(page, server.url);
  await page.getByRole('button', { name: 'Aloita nauhoitus' }).waitFor(WAIT);
  expect(await page.getByRole('region', { name: 'Lisää Saaga kotinäytölle' }).count()).toBe(0);
  await context.close();
});

// "Update now": a build of its own, whose service worker is changed as a new release would change it.
let ownClient: string | undefined;
let ownServer: TestApp | undefined;
afterAll(async () => {
  await ownServer?.close();
  if (ownClient) rmSync(ownClient, { recursive: true, force: true });
});

it('keeps a new version waiting until “Update now”, then runs the page under it (in English and Finnish)', async () => {
  ownClient = mkdtempSync(path.join(tmpdir(), 'saaga-client-update-'));
  cpSync(CLIENT_DIR, ownClient, { recursive: true });
  ownServer = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { clientDir: ownClient });
  for (const [language, words] of [
    ['en', { ready: 'A new version of Saaga is ready.', now: 'Update now', record: 'Start recording' }],
    ['fi', { ready: 'Saagasta on valmiina uusi versio.', now: 'Päivitä nyt', record: 'Aloita nauhoitus' }],
  ] as const) {
    const { page } = await signedInPage(browser, ownServer, `update-${language}@example.com`, { language, serviceWorkers: true });
    await page.goto(`${ownServer.url}/`);
    await page.getByRole('button', { name: words.record }).waitFor(WAIT);
    await untilServiceWorkerControls(page);

    // A new release: the worker's file changes (its compressed copies go, so the new one is what is sent).
    const worker = path.join(ownClient, 'sw.js');
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// release ${language}\n`);
    rmSync(`${worker}.br`, { force: true });
    rmSync(`${worker}.gz`, { force: true });
    // The browser looks for a new version at each start; here at once.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const banner = page.getByRole('status').filter({ hasText: words.ready });
    await banner.waitFor(WAIT);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
    await shots.page(page, `update-${language}`);
    const reloaded = page.waitForEvent('load', WAIT);
    await banner.getByRole('button', { name: words.now }).click();
    await reloaded;
    await page.getByRole('button', { name: words.record }).waitFor(WAIT);
    // The waiting version is the running one now, and controls the page.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await untilServiceWorkerControls(page);
    expect(await page.getByRole('status').filter({ hasText: words.ready }).count()).toBe(0);
    await page.context().close();
  }
});
