import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { users } from '../server/db/schema.ts';
import { listeningPath, mintListeningLink, revokeListeningLinks } from '../server/listening-links/links.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { countMicrophoneOpens, microphoneOpened } from './support/microphone-count.ts';
import { screenshots } from './support/screenshots.ts';
import { WAIT } from './support/wait.ts';

// A printed book's QR code (issue 30), at phone size in English and Finnish: the private
// listening link opens, in a browser with no account, the story's title, its teller and a
// player per part, in the book's language whatever the browser's; Play plays the real
// recording and the next part follows the first; the microphone is never asked for; once the
// owner turns the book's links off, and for a token nobody minted, the page says the link
// does not work.

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none', env: { PUBLIC_RATE_LIMIT: '1000' } }, (app) => ({ server, browser } = app));

const shots = screenshots('listen-link', { fullPage: true });

const WORDS = {
  en: {
    title: 'A summer at the lake',
    eyebrow: 'Listen to the story',
    toldBy: 'Told by Aino Virtanen',
    parts: ['Part 1', 'Part 2'],
    play: 'Play',
    invalid: 'This link does not play a story',
    invalidText: 'This listening link has been turned off or does not exist.',
    home: 'Go to Saaga',
  },
  fi: {
    title: 'Kesä järvellä',
    eyebrow: 'Kuuntele tarina',
    toldBy: 'Kertoja: Aino Virtanen',
    parts: ['Osa 1', 'Osa 2'],
    play: 'Toista',
    invalid: 'Tämä linkki ei toista tarinaa',
    invalidText: 'Tämä kuuntelulinkki on poistettu käytöstä tai sitä ei ole olemassa.',
    home: 'Siirry Saagaan',
  },
} as const;

let owners = 0;

/** Aino's printed book in `language` with one story told in two real recordings, and its story's listening link. */
async function printedBook(language: 'en' | 'fi') {
  const db = server.database.db;
  const seed = seeder(db, server.store);
  const [owner] = await db.insert(users).values({ email: `listen-teller-${++owners}@example.com`, firstName: 'Aino', emailVerifiedAt: new Date() }).returning();
  const book = await seed.autobiography(owner.id, 'My life', { processingStatus: 'generated', authorName: 'Aino Virtanen', language });
  const story = await seed.story(owner.id, { title: WORDS[language].title, language });
  const clips = [CLIPS.jfk, language === 'fi' ? CLIPS.finnish : CLIPS.english];
  for (const [index, clip] of clips.entries()) {
    const recording = await seed.recording(owner.id, { storyId: story.id, orderIndex: index, mimeType: 'audio/wav', duration: null });
    await server.store.put(recording.audioKey, readFileSync(clip), 'audio/wav');
  }
  const token = await mintListeningLink(db, { userId: owner.id, autobiographyId: book.id, storyId: story.id });
  return { book, token };
}

/** A phone whose browser speaks the other language than the book: the page follows the book. */
async function phone(browserLanguage: 'en' | 'fi') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: browserLanguage === 'fi' ? 'fi-FI' : 'en-US' });
  const page = await context.newPage();
  await countMicrophoneOpens(page);
  return { context, page };
}

const audioAt = (page: Page, index: number) => page.locator('audio').nth(index);
const currentTime = (page: Page, index: number) => audioAt(page, index).evaluate((audio: HTMLAudioElement) => audio.currentTime);
const paused = (page: Page, index: number) => audioAt(page, index).evaluate((audio: HTMLAudioElement) => audio.paused);

describe.each(['en', 'fi'] as const)('a book’s listening link (%s)', (language) => {
  const words = WORDS[language];
  // The browser speaks the other language: the story follows the book, a link that does not work the browser.
  const browserLanguage = language === 'fi' ? 'en' : 'fi';
  const browserWords = WORDS[browserLanguage];

  it('plays the story in the teller’s voice without an account, part after part, and stops once turned off', async ({ expect }) => {
    const { book, token } = await printedBook(language);
    const { context, page } = await phone(browserLanguage);
    try {
      await page.goto(`${server.url}${listeningPath(token)}`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: words.title }).isVisible(), WAIT).toBe(true);
      await expect.poll(() => page.getByText(words.eyebrow).isVisible(), WAIT).toBe(true);
      await expect.poll(() => page.getByText(words.toldBy).isVisible(), WAIT).toBe(true);
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(words.parts);
      expect(await page.locator(`[lang="${language}"]`).count()).toBeGreaterThan(0);
      expect(await page.title()).toBe(`${words.title} · Saaga`);
      await shots.page(page, `story-${language}`);

      // The first part plays the real recording; near its end, the second follows it.
      await page.getByRole('button', { name: words.play }).first().click();
      await expect.poll(() => currentTime(page, 0), WAIT).toBeGreaterThan(0);
      await shots.page(page, `playing-${language}`);
      await audioAt(page, 0).evaluate((audio: HTMLAudioElement) => {
        audio.currentTime = audio.duration - 0.5;
      });
      await expect.poll(() => currentTime(page, 1), WAIT).toBeGreaterThan(0);
      expect(await paused(page, 0)).toBe(true);
      expect(await microphoneOpened(page)).toBe(0);

      // The owner turns the book's links off: the same page now says the link does not work.
      expect(await revokeListeningLinks(server.database.db, book.id)).toBe(1);
      await page.reload();
      await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toContain(browserWords.invalidText);
      await shots.page(page, `turned-off-${language}`);
      await page.getByRole('link', { name: browserWords.home }).click();
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/');
      await page.goBack();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: browserWords.invalid }).isVisible(), WAIT).toBe(true);
      expect(await microphoneOpened(page)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('says so in the browser’s language for a token nobody minted', async ({ expect }) => {
    const { context, page } = await phone(language);
    try {
      await page.goto(`${server.url}/listen/not-a-real-token`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: words.invalid }).isVisible(), WAIT).toBe(true);
      expect(await page.getByRole('alert').textContent()).toContain(words.invalidText);
      await shots.page(page, `unknown-${language}`);
    } finally {
      await context.close();
    }
  });
});
