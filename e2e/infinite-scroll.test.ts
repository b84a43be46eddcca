import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PAGE_LIMIT } from '../contract/pagination.ts';
import { and, eq } from 'drizzle-orm';
import { recordings, stories } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The long lists at phone size: a library of 120 stories read a page at a time as it is
// scrolled (every title once), the filter counts from the server, Show more for keyboards,
// Back from a story to the same place in the list, and the timeline down to its oldest
// year with no year cut in two. Once in Finnish, with the recordings without a story a page
// at a time and a recording's story picked through the server's search.

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const shots = screenshots('infinite-scroll');
const title = (n: number) => `Memory ${String(n).padStart(3, '0')}`;

/**
 * `count` stories in one insert: story n made n hours after 2020 began (the highest is the
 * newest), told as happening in 1960 + n / 5 (24 years for 120), every fourth one in a chapter.
 */
async function seedStories(userId: string, count: number, language: 'en' | 'fi') {
  const chapter = await seeder(server.database.db).chapter(userId, 'Childhood', { language });
  await server.database.db.insert(stories).values(
    Array.from({ length: count }, (_, index) => {
      const n = index + 1;
      return {
        userId,
        title: title(n),
        content: `Memory number ${n}, as I remember it.`,
        language,
        processingStatus: 'generated' as const,
        createdAt: new Date(Date.UTC(2020, 0, 1, n)),
        temporalType: 'year' as const,
        year: 1960 + Math.floor(n / 5),
        chapterId: n % 4 === 0 ? chapter.id : null,
        metadata: { people: [], locations: [], dates: [], storyType: 'other' as const },
      };
    }),
  );
}

/** A second of silence as 8 kHz 16-bit mono WAV: audio the recording screen can load. */
function silentWav(): Buffer {
  const rate = 8000;
  const wav = Buffer.alloc(44 + rate * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + rate * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(rate * 2, 40);
  return wav;
}

/** The titles of the listed stories, in order. */
/** Each row's title: the first line its link shows (a cover thumbnail, when there is one, has no text). */
const listedTitles = (page: Page, listName: string) =>
  page
    .getByRole('list', { name: listName, exact: true })
    .locator(':scope > li a')
    .evaluateAll((links) => links.map((link) => (link as HTMLElement).innerText.split('\n')[0].trim()));

/** The list calls the page made: each page of a list is a call of its own. */
function listCalls(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(stories|timeline)$/.test(url.pathname)) urls.push(url.pathname + url.search);
  });
  return urls;
}

/** Scrolls to the end of the page until `done` holds (each scroll may bring the next page). */
async function scrollUntil(page: Page, done: () => Promise<boolean>) {
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return done();
    }, { timeout: 30_000, interval: 300 })
    .toBe(true);
}

it('reads the library a page at a time to its last story, keeps the place on Back, and the timeline reaches its oldest year', async () => {
  const { page, userId } = await signedInPage(browser, server, 'long-life@example.com');
  await seedStories(userId, 120, 'en');
  const calls = listCalls(page);

  await page.goto(`${server.url}/library`);
  // The counts are the whole library's, not the loaded page's.
  for (const name of ['All 120', 'In Collections 30', 'Unassigned 90']) await page.getByRole('button', { name, exact: true }).waitFor(WAIT);
  await expect.poll(() => listedTitles(page, 'Stories'), WAIT).toHaveLength(PAGE_LIMIT.default);
  expect((await listedTitles(page, 'Stories'))[0]).toBe(title(120));
  await shots.page(page, 'library-en');

  // Scrolling reads on until the oldest story; every title once, newest first.
  await scrollUntil(page, async () => (await listedTitles(page, 'Stories')).length === 120);
  const all = await listedTitles(page, 'Stories');
  expect(all).toEqual(Array.from({ length: 120 }, (_, index) => title(120 - index)));
  expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  // Three pages of 50, the later ones by their cursor.
  expect(calls.filter((url) => url.startsWith('/api/stories?'))).toHaveLength(3);
  expect(calls.filter((url) => url.includes('cursor='))).toHaveLength(2);
  await shots.page(page, 'library-end-en');

  // A story from far down, and Back: the same place in the list.
  const oldest = page.getByRole('link', { name: new RegExp(`^${title(1)}\\s`) });
  await oldest.click();
  await page.waitForURL(/\/library\/\d+$/, WAIT);
  await page.getByRole('heading', { name: title(1) }).waitFor(WAIT);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await oldest.waitFor(WAIT);
  await expect.poll(() => oldest.evaluate((link) => {
    const box = link.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }), WAIT).toBe(true);

  // A filter has its own pages; Show more reads the next one by keyboard.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Unassigned 90', exact: true }).click();
  await expect.poll(() => listedTitles(page, 'Stories'), WAIT).toHaveLength(PAGE_LIMIT.default);
  // Focused without scrolling there, so only the button (not the end coming near) reads on.
  await page.getByRole('button', { name: 'Show more' }).evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await listedTitles(page, 'Stories')).length, WAIT).toBe(90);
  expect(new Set(await listedTitles(page, 'Stories')).size).toBe(90);

  // The timeline: years newest first down to 1960, none shown twice though pages cut them.
  await page.goto(`${server.url}/timeline`);
  const years = () => page.getByRole('heading', { level: 2 }).allTextContents();
  await expect.poll(async () => (await years())[0], WAIT).toBe('1984');
  await scrollUntil(page, async () => (await years()).includes('1960'));
  const shown = (await years()).map(Number);
  expect(shown).toEqual(Array.from({ length: 25 }, (_, index) => 1984 - index));
  expect(await page.locator('ol > li').count()).toBe(120);
  expect(calls.filter((url) => url.startsWith('/api/timeline') && url.includes('cursor=')).length).toBeGreaterThanOrEqual(2);
  await shots.page(page, 'timeline-end-en');
});

it('in Finnish: the counts, Näytä lisää, the recordings without a story, and a story found for a recording', async () => {
  const { page, userId } = await signedInPage(browser, server, 'pitka-elama@example.com', { language: 'fi' });
  await seedStories(userId, 60, 'fi');
  const audioKeys = Array.from({ length: 55 }, (_, index) => `users/${userId}/recordings/${index}.wav`);
  await Promise.all(audioKeys.map((key) => server.store.put(key, silentWav(), 'audio/wav')));
  await server.database.db.insert(recordings).values(
    Array.from({ length: 55 }, (_, index) => ({
      userId,
      audioKey: audioKeys[index],
      mimeType: 'audio/wav',
      sizeBytes: silentWav().length,
      duration: 1,
      transcription: `Nauhoitus numero ${index + 1}.`,
      processingStatus: 'transcribed' as const,
      createdAt: new Date(Date.UTC(2021, 0, 1, index)),
    })),
  );

  await page.goto(`${server.url}/library`);
  for (const name of ['Kaikki 60', 'Kokoelmissa 15', 'Ei kokoelmassa 45']) await page.getByRole('button', { name, exact: true }).waitFor(WAIT);
  await expect.poll(() => listedTitles(page, 'Tarinat'), WAIT).toHaveLength(PAGE_LIMIT.default);
  await page.getByRole('button', { name: 'Näytä lisää' }).scrollIntoViewIfNeeded();
  await shots.page(page, 'library-more-fi');
  await scrollUntil(page, async () => (await listedTitles(page, 'Tarinat')).length === 60);
  expect(new Set(await listedTitles(page, 'Tarinat')).size).toBe(60);
  await shots.page(page, 'library-end-fi');

  // The recordings without a story: the first page's count, then all as the list is scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('link', { name: '50+ nauhoitusta ilman tarinaa' }).click();
  const cards = page.getByRole('list', { name: 'Nauhoitukset ilman tarinaa' }).getByRole('listitem');
  await expect.poll(() => cards.count(), WAIT).toBe(PAGE_LIMIT.default);
  await scrollUntil(page, async () => (await cards.count()) === 55);

  // A story for the newest recording, found by the server's search beyond the select's first page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await cards.first().getByRole('link').click();
  await page.getByRole('searchbox', { name: 'Hae tarinoita' }).fill(title(3));
  await page.getByRole('combobox', { name: 'Tarina' }).click();
  await page.getByRole('option', { name: title(3), exact: true }).click();
  const [newest] = await server.database.db.select().from(recordings).where(and(eq(recordings.userId, userId), eq(recordings.transcription, 'Nauhoitus numero 55.')));
  const [third] = await server.database.db.select().from(stories).where(and(eq(stories.userId, userId), eq(stories.title, title(3))));
  await expect.poll(async () => (await server.database.db.select().from(recordings).where(eq(recordings.id, newest.id)))[0].storyId, WAIT).toBe(third.id);
  // Another search leaves the chosen story in the select.
  await page.getByRole('searchbox', { name: 'Hae tarinoita' }).fill(title(59));
  await expect.poll(() => page.getByRole('combobox', { name: 'Tarina' }).textContent(), WAIT).toBe(title(3));
  await shots.page(page, 'recording-story-fi');
});
