import { type Browser, chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { CLIPS } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { FULL_CHROMIUM, skipSplash } from './support/browser.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The recording diagnostics at /debug-recording in Chromium with its fake microphone: all
// green when the microphone is allowed; the permission line fails with the spec's words and
// the later ones are skipped when it is not; once in Finnish for a signed-in user.
const SETTLED = 20_000;

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none', microphone: CLIPS.jfk }, (app) => ({ server, browser } = app));

const shots = screenshots('diagnostics', { fullPage: true });
const line = (page: Page, id: string) => page.locator(`[data-check="${id}"]`);
const states = (page: Page) => page.locator('[data-check]').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
const ALL_PASSED = ['pass', 'pass', 'pass', 'pass', 'pass', 'pass'];

async function phonePage(on: Browser = browser): Promise<Page> {
  const context = await on.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  if (on === browser) await context.grantPermissions(['microphone']);
  await skipSplash(context);
  // Keeps every stream the page opens, to see that its tracks end.
  await context.addInitScript(() => {
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    const opened: MediaStream[] = [];
    (window as unknown as { openedStreams: MediaStream[] }).openedStreams = opened;
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      opened.push(stream);
      return stream;
    };
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  return page;
}

it('passes every check in order with the microphone allowed, runs again, and leads back to the app', async () => {
  const page = await phonePage();
  await page.goto(`${server.url}/debug-recording`);
  await page.getByRole('heading', { name: 'Recording diagnostics', level: 1 }).waitFor();
  await expect.poll(() => states(page), { timeout: SETTLED }).toEqual(ALL_PASSED);
  await page.getByText('All checks passed: this device can record.').waitFor();
  await line(page, 'recorder').getByText('The recorder supports audio/webm;codecs=opus.').waitFor();
  await line(page, 'microphonePermission').getByText('Microphone access allowed.').waitFor();
  expect(await line(page, 'recorderCreation').innerText()).toMatch(/Recorded a second: [1-9]\d* bytes of audio\/webm/);
  expect(await line(page, 'server').innerText()).toMatch(/The server is reachable/);
  await shots.page(page, 'all-passed-en');

  // Run again starts over: the one-second recording is seen running, then everything passes again.
  await page.getByRole('button', { name: 'Run again' }).click();
  await line(page, 'recorderCreation').and(page.locator('[data-state="running"]')).waitFor({ timeout: SETTLED });
  await expect.poll(() => states(page), { timeout: SETTLED }).toEqual(ALL_PASSED);

  // Both runs opened the microphone and let it go once their checks ended.
  const tracks = await page.evaluate(() =>
    (window as unknown as { openedStreams: MediaStream[] }).openedStreams.flatMap((stream) => stream.getTracks().map((track) => track.readyState)),
  );
  expect(tracks).toEqual(['ended', 'ended']);

  await page.getByRole('link', { name: 'Back to the app' }).click();
  await page.getByRole('link', { name: 'Get started' }).first().waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: 'Recording diagnostics', level: 1 }).waitFor();
  await page.context().close();
});

it('fails the permission line with the reason when the microphone is refused, and skips the later ones', async () => {
  // The shared browser's fake prompt accepts every request: this one has the fake microphone
  // without it, so a request nobody granted is refused.
  const refusing = await chromium.launch({
    executablePath: FULL_CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${CLIPS.jfk}`],
  });
  try {
    const page = await phonePage(refusing);
    await page.goto(`${server.url}/debug-recording`);
    await expect.poll(() => states(page), { timeout: SETTLED }).toEqual(['pass', 'pass', 'pass', 'fail', 'skipped', 'skipped']);
    await line(page, 'microphonePermission')
      .getByText('Microphone permission denied. Please allow microphone access in your browser settings.')
      .waitFor();
    await line(page, 'server').getByText('Skipped: an earlier check failed.').waitFor();
    await page.getByText('A check failed.', { exact: false }).waitFor();
    await shots.page(page, 'permission-denied-en');
  } finally {
    await refusing.close();
  }
});

it('speaks Finnish to a signed-in user who chose it', async () => {
  const { page } = await signedInPage(browser, server, 'diagnostiikka@example.com', { language: 'fi', microphone: true });
  await page.goto(`${server.url}/debug-recording`);
  await page.getByRole('heading', { name: 'Nauhoituksen vianmääritys', level: 1 }).waitFor();
  await expect.poll(() => states(page), { timeout: SETTLED }).toEqual(ALL_PASSED);
  await page.getByText('Kaikki tarkistukset onnistuivat: tällä laitteella voi nauhoittaa.').waitFor();
  await line(page, 'microphonePermission').getByText('Mikrofonin käyttö on sallittu.').waitFor();
  await page.getByRole('button', { name: 'Tarkista uudelleen' }).waitFor();
  await shots.page(page, 'all-passed-fi');
  await page.getByRole('link', { name: 'Takaisin sovellukseen' }).click();
  await page.getByRole('navigation').first().waitFor();
  await page.context().close();
});
