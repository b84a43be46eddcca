import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { screenshots } from './support/screenshots.ts';
import { describe, type ExpectStatic, it } from 'vitest';
import { familyMembers, recordingPeople, recordingPlaces, users } from '../server/db/schema.ts';
import { photoKey } from '../server/photos/photo-keys.ts';
import { jpegPhoto } from '../test/support/photo-files.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { WAIT } from './support/wait.ts';

// What a relative reads, at phone size in English and Finnish: the invitation link opens the
// join page in a browser with no account; Join opens the stories by chapter and by year; a
// story shows its text, its photos (full size, Back closes it), plays its recording, names its
// people and places; nothing unshared shows; a used link, and a removed reader, get the
// invalid-link view; a browser reading two circles switches between them.

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none', env: { PUBLIC_RATE_LIMIT: '1000' } }, (app) => ({ server, browser } = app));

/** The reading view's groups (chapters or years): its level-2 headings but the question card's (family/respond). */
const storyGroups = (page: Page, ask: string) => page.getByRole('heading', { level: 2 }).filter({ hasNotText: ask }).allTextContents();

const WORDS = {
  en: {
    invites: 'Aino invites you to read their stories',
    name: 'Your name',
    join: 'Join',
    title: "Aino's stories",
    byChapter: 'By chapter',
    byYear: 'By year',
    other: 'Other stories',
    ask: 'Ask Aino a question',
    back: 'All stories',
    voice: "In Aino's own voice",
    play: 'Play',
    pause: 'Pause',
    people: 'People',
    places: 'Places',
    openCover: 'Open photo 1 of 1 full size',
    closePhoto: 'Close photo',
    invalid: 'This link does not work any more',
    whose: 'Whose stories',
  },
  fi: {
    invites: 'Aino kutsuu sinut lukemaan tarinoitaan',
    name: 'Nimesi',
    join: 'Liity',
    title: 'Aino kertoo',
    byChapter: 'Luvuittain',
    byYear: 'Vuosittain',
    other: 'Muut tarinat',
    ask: 'Kysy kertojalta: Aino',
    back: 'Kaikki tarinat',
    voice: 'Aino kertoo omalla äänellään',
    play: 'Toista',
    pause: 'Tauko',
    people: 'Ihmiset',
    places: 'Paikat',
    openCover: 'Avaa kuva 1/1 täysikokoisena',
    closePhoto: 'Sulje kuva',
    invalid: 'Tämä linkki ei enää toimi',
    whose: 'Kenen tarinat',
  },
} as const;

let owners = 0;
const shots = screenshots('family-reading', { fullPage: true });
const shot = (page: Page, name: string) => shots.page(page, name);

/** A storyteller called Aino with an archive: shared stories in and out of a chapter, one "only me", one not yet shared. */
async function teller(language: 'en' | 'fi') {
  const db = server.database.db;
  const seed = seeder(db, server.store);
  const [owner] = await db
    .insert(users)
    .values({ email: `reading-teller-${++owners}@example.com`, firstName: 'Aino', languagePreference: language, emailVerifiedAt: new Date() })
    .returning();
  const shared = { sharedWithFamilyAt: new Date() };
  const childhood = await seed.chapter(owner.id, language === 'fi' ? 'Lapsuus' : 'Childhood');
  const lake = await seed.story(owner.id, {
    title: language === 'fi' ? 'Kesä järvellä' : 'A summer at the lake',
    content: language === 'fi' ? 'Soudimme järven yli joka aamu.\n\nIsä korjasi vanhan veneen.' : 'We rowed across the lake every morning.\n\nFather fixed the old boat.',
    language,
    chapterId: childhood.id,
    temporalType: 'year',
    year: 1956,
    ...shared,
  });
  const school = await seed.story(owner.id, { title: language === 'fi' ? 'Ensimmäinen koulupäivä' : 'My first school day', language, temporalType: 'year', year: 1950, ...shared });
  await seed.story(owner.id, { title: 'Only for me', onlyMe: true, ...shared });
  await seed.story(owner.id, { title: 'Still being written', sharedWithFamilyAt: null });
  // A real recording and a real photo, so the page plays and shows them.
  const recording = await seed.recording(owner.id, { storyId: lake.id, mimeType: 'audio/wav', duration: 11 });
  await server.store.put(recording.audioKey, readFileSync(CLIPS.jfk), 'audio/wav');
  const photo = await seed.photo(owner.id, { storyId: lake.id, caption: language === 'fi' ? 'Vene rannassa' : 'The boat on the shore', width: 640, height: 480 });
  const jpeg = await jpegPhoto({ width: 640, height: 480 });
  for (const size of ['thumb', 'display'] as const) await server.store.put(photoKey(owner.id, photo.id, size, 'jpg'), jpeg, 'image/jpeg');
  const anna = await seed.person(owner.id, 'Anna');
  const tampere = await seed.place(owner.id, 'Tampere');
  await db.insert(recordingPeople).values({ recordingId: recording.id, personId: anna.id });
  await db.insert(recordingPlaces).values({ recordingId: recording.id, placeId: tampere.id });
  return { ownerId: owner.id, lake, school, photo };
}

/** An invitation as the owner's POST /api/family/invitations leaves it: a member not joined yet, the link's token hashed. */
async function invitation(ownerId: string, language: 'en' | 'fi', name = 'Liisa') {
  const token = randomBytes(32).toString('base64url');
  const [member] = await server.database.db
    .insert(familyMembers)
    .values({ userId: ownerId, name, language, scopeAll: true, invitationTokenHash: hashOf(token), invitationExpiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return { token, memberId: member.id };
}
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A relative's phone with no account. */
async function relativePhone(language: 'en' | 'fi') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  return { context, page };
}

async function joinWith(expect: ExpectStatic, page: Page, token: string, language: 'en' | 'fi', name: string) {
  const words = WORDS[language];
  await page.goto(`${server.url}/family/join/${token}`);
  await expect.poll(() => page.getByRole('heading', { name: words.invites }).isVisible(), WAIT).toBe(true);
  await page.getByLabel(words.name).fill(name);
  await page.getByRole('button', { name: words.join }).click();
  await expect.poll(() => page.getByRole('heading', { name: words.title }).isVisible(), WAIT).toBe(true);
}

describe.concurrent.each(['en', 'fi'] as const)('a relative reads (%s)', (language) => {
  const words = WORDS[language];

  it('joins by the link, reads by chapter and by year, opens a story, its photo and its recording', async ({ expect }) => {
    const { ownerId, lake, school } = await teller(language);
    const { token } = await invitation(ownerId, language);
    const { context, page } = await relativePhone(language);
    try {
      await page.goto(`${server.url}/family/join/${token}`);
      await expect.poll(() => page.getByRole('heading', { name: words.invites }).isVisible(), WAIT).toBe(true);
      await expect.poll(() => page.getByLabel(words.name).inputValue(), WAIT).toBe('Liisa');
      await shot(page, `join-${language}`);
      await page.getByLabel(words.name).fill('Liisa Koskinen');
      await page.getByRole('button', { name: words.join }).click();

      // The stories by chapter: the chapter's, then the others; nothing unshared.
      await expect.poll(() => page.getByRole('heading', { name: words.title }).isVisible(), WAIT).toBe(true);
      const chapterTitle = language === 'fi' ? 'Lapsuus' : 'Childhood';
      await expect.poll(() => storyGroups(page, words.ask), WAIT).toEqual([chapterTitle, words.other]);
      await expect.poll(() => page.getByRole('link', { name: new RegExp(lake.title) }).isVisible(), WAIT).toBe(true);
      expect(await page.getByText('Only for me').count()).toBe(0);
      expect(await page.getByText('Still being written').count()).toBe(0);
      await expect.poll(() => page.locator(`img[src*="size=thumb"]`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), WAIT).toBeGreaterThan(0);
      await shot(page, `by-chapter-${language}`);

      // By year: earliest first.
      await page.getByRole('button', { name: words.byYear }).click();
      await expect.poll(() => storyGroups(page, words.ask), WAIT).toEqual(['1950', '1956']);
      await shot(page, `by-year-${language}`);

      // The story: its text, who tells it, its people and places.
      await page.getByRole('link', { name: new RegExp(lake.title) }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: lake.title }).isVisible(), WAIT).toBe(true);
      await expect.poll(() => page.getByText(words.voice).isVisible(), WAIT).toBe(true);
      expect(await page.getByRole('region', { name: words.people }).textContent()).toContain('Anna');
      expect(await page.getByRole('region', { name: words.places }).textContent()).toContain('Tampere');
      await shot(page, `story-${language}`);

      // The recording plays, in the teller's own voice.
      await page.getByRole('button', { name: words.play }).click();
      await expect.poll(() => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), WAIT).toBeGreaterThan(0);
      await page.getByRole('button', { name: words.pause }).click();

      // The photo full size; Back closes it and stays on the story.
      await page.getByRole('button', { name: words.openCover }).click();
      await expect.poll(() => page.getByRole('dialog').isVisible(), WAIT).toBe(true);
      expect(new URL(page.url()).searchParams.get('photo')).not.toBeNull();
      await expect.poll(() => page.getByRole('dialog').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), WAIT).toBeGreaterThan(0);
      await shot(page, `photo-${language}`);
      await page.goBack();
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
      expect(page.url()).toContain(`/family/stories/${lake.id}`);

      // Back again: the list, still by year.
      await page.goBack();
      await expect.poll(() => storyGroups(page, words.ask), WAIT).toEqual(['1950', '1956']);
      expect(await page.getByRole('link', { name: new RegExp(school.title) }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows the invalid-link view for a used link, and for a reader removed from the circle', async ({ expect }) => {
    const { ownerId } = await teller(language);
    const { token, memberId } = await invitation(ownerId, language, 'Eero');
    const first = await relativePhone(language);
    const second = await relativePhone(language);
    try {
      await joinWith(expect, first.page, token, language, 'Eero');
      // The same link in another browser: it worked once.
      await second.page.goto(`${server.url}/family/join/${token}`);
      await expect.poll(() => second.page.getByRole('heading', { name: words.invalid }).isVisible(), WAIT).toBe(true);
      await shot(second.page, `used-link-${language}`);

      // The owner removes the reader: the next visit gets the same view.
      await server.database.db.delete(familyMembers).where(eq(familyMembers.id, memberId));
      await first.page.reload();
      await expect.poll(() => first.page.getByRole('heading', { name: words.invalid }).isVisible(), WAIT).toBe(true);
      await shot(first.page, `removed-${language}`);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});

it.concurrent('a browser reading two circles switches between them', async ({ expect }) => {
  const aino = await teller('en');
  const other = await teller('en');
  await server.database.db.update(users).set({ firstName: 'Mikko' }).where(eq(users.id, other.ownerId));
  const { context, page } = await relativePhone('en');
  try {
    await joinWith(expect, page, (await invitation(aino.ownerId, 'en')).token, 'en', 'Liisa');
    // Mikko's invitation opened in the same browser: this device reads both.
    await page.goto(`${server.url}/family/join/${(await invitation(other.ownerId, 'en')).token}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Mikko invites you to read their stories' }).isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => page.getByRole('heading', { name: "Mikko's stories" }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: WORDS.en.whose }).isVisible(), WAIT).toBe(true);
    await shot(page, 'two-circles');
    await page.getByRole('combobox', { name: WORDS.en.whose }).click();
    await page.getByRole('option', { name: 'Aino' }).click();
    await expect.poll(() => page.getByRole('heading', { name: "Aino's stories" }).isVisible(), WAIT).toBe(true);
    // Back: Mikko's circle again.
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { name: "Mikko's stories" }).isVisible(), WAIT).toBe(true);
  } finally {
    await context.close();
  }
});
