import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seeder } from '../test/support/seed.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';
import { untilServiceWorkerControls } from './support/service-worker.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';

// Reading with no network (issue 31), at phone size in English and Finnish: after one visit
// online, the app opens offline for the person signed in, with home and a story they saw
// before; another person signing in on the browser, or signing out, leaves nothing of the
// first in the browser's caches; a chapter kept offline plays its recording's audio offline.

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const shots = screenshots('offline-reading');

/** The caches the service worker keeps, by name. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

it('opens offline after one visit: home, and a story seen before (English)', async () => {
  const { page, userId } = await signedInPage(browser, server, 'offline-reading@example.com', { serviceWorkers: true });
  const seed = seeder(server.database.db);
  const lake = await seed.story(userId, { title: 'A summer at the lake', content: 'We rowed across the lake every morning.' });
  await seed.story(userId, { title: 'The winter war' });

  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Start recording' }).waitFor(WAIT);
  await untilServiceWorkerControls(page);
  // The library and the story, read once online.
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await page.getByRole('link', { name: /A summer at the lake/ }).click();
  await page.getByText('We rowed across the lake every morning.').waitFor(WAIT);

  await page.context().setOffline(true);
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Start recording' }).waitFor(WAIT);
  await shots.page(page, 'home-offline-en');
  await page.goto(`${server.url}/library/${lake.id}`);
  await page.getByText('We rowed across the lake every morning.').waitFor(WAIT);
  await shots.page(page, 'story-offline-en');
  // Back: the home screen again, from the shell, with no network.
  await page.goBack();
  await page.getByRole('button', { name: 'Start recording' }).waitFor(WAIT);
  // The library seen before lists its stories offline too.
  await page.goto(`${server.url}/library`);
  await page.getByRole('link', { name: /A summer at the lake/ }).waitFor(WAIT);
  await page.getByRole('link', { name: /The winter war/ }).waitFor(WAIT);

  // Someone else signs in on this browser without a sign-out first (the first session ran out): the first person's reads go.
  await page.context().setOffline(false);
  expect(await cacheNames(page)).toContain(`saaga-reading-${userId}`);
  await page.context().clearCookies();
  const headers = { origin: server.url };
  await page.context().request.post(`${server.url}/api/auth/local/sign-up`, { data: { email: 'offline-next@example.com', password: 'long enough password', firstName: 'Eero' }, headers });
  const signIn = await page.context().request.post(`${server.url}/api/auth/local/sign-in`, { data: { email: 'offline-next@example.com', password: 'long enough password' }, headers });
  expect(signIn.status()).toBe(200);
  await page.goto(`${server.url}/library`);
  await expect.poll(() => cacheNames(page), WAIT).not.toContain(`saaga-reading-${userId}`);

  // Signing out forgets the person's reads: nothing of anyone stays in the browser.
  await page.goto(`${server.url}/api/logout`);
  await page.goto(`${server.url}/`);
  await expect.poll(() => cacheNames(page), WAIT).not.toContainEqual(expect.stringMatching(/^saaga-(reading|audio)-|^saaga-session$/));
});

it('keeps a chapter offline and plays its recording with no network, then removes it (Finnish)', async () => {
  const { page, userId } = await signedInPage(browser, server, 'offline-chapter@example.com', { language: 'fi', serviceWorkers: true });
  const seed = seeder(server.database.db, server.store);
  const childhood = await seed.chapter(userId, 'Lapsuus');
  const lake = await seed.story(userId, { title: 'Kesä järvellä', content: 'Soudimme järven yli joka aamu.', language: 'fi', chapterId: childhood.id });
  const recording = await seed.recording(userId, { storyId: lake.id, mimeType: 'audio/wav', duration: 11 });
  await server.store.put(recording.audioKey, readFileSync(CLIPS.jfk), 'audio/wav');

  await page.goto(`${server.url}/collections/chapters/${childhood.id}`);
  await page.getByRole('heading', { name: 'Lapsuus' }).waitFor(WAIT);
  await untilServiceWorkerControls(page);
  const keep = page.getByRole('region', { name: 'Ilman verkkoyhteyttä' });
  await keep.getByRole('button', { name: 'Pidä laitteella' }).click();
  await keep.getByText(/^Tallennettu tälle laitteelle: \d/).waitFor(WAIT);
  await shots.page(page, 'chapter-kept-fi', { fullPage: true });

  await page.context().setOffline(true);
  await page.goto(`${server.url}/library/${lake.id}/recordings/${recording.id}`);
  const play = page.getByRole('button', { name: 'Toista' });
  await play.click();
  // The kept audio plays: its time moves on with no network.
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), WAIT).toBeGreaterThan(0.5);
  await shots.page(page, 'recording-offline-fi');
  await page.getByRole('button', { name: 'Tauko' }).click();

  // Back to the chapter (offline too), and online again the audio is removed from the device.
  await page.goto(`${server.url}/collections/chapters/${childhood.id}`);
  await page.getByRole('heading', { name: 'Lapsuus' }).waitFor(WAIT);
  await page.context().setOffline(false);
  await keep.getByRole('button', { name: 'Poista tältä laitteelta' }).click();
  await keep.getByRole('button', { name: 'Pidä laitteella' }).waitFor(WAIT);
  const audioKept = await page.evaluate(
    async ([user, id]) => Boolean(await (await caches.open(`saaga-audio-${user}`)).match(`/api/recordings/${id}/audio`)),
    [userId, recording.id] as const,
  );
  expect(audioKept).toBe(false);
});
