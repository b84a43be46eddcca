import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, type ExpectStatic, it } from 'vitest';
import type { ParagraphSources, TranscriptTimings } from '../contract/voice.ts';
import { familyMembers, stories, users } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';

// "Hear it in their voice" (issue 29), at phone size in English and Finnish: on the owner's
// story page, the family reader's and the public page (published with the teller's voice),
// a paragraph's "hear it" plays its span of the real recording from the span's start and stops
// at its end (read from the audio element); the whole recording plays with the text following
// (the paragraph being heard is marked aria-current). The spans are seeded: the writer's
// marking is voice-sources' to test.

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none', env: { PUBLIC_RATE_LIMIT: '1000' } }, (app) => ({ server, browser } = app));

const shots = screenshots('hear-it', { fullPage: false });

/** Seconds of jfk.wav (11 s) each paragraph is told in. */
const SPANS = [
  { start: 0.3, end: 2.5 },
  { start: 3, end: 5.5 },
  { start: 6, end: 10.5 },
];

const WORDS = {
  en: {
    paragraphs: ['We rowed across the lake every morning.', 'Father fixed the old boat on the shore.', 'In the evening we listened to the loons.'],
    hearOwn: 'Hear this paragraph in your voice',
    hearAino: "Hear this paragraph in Aino's voice",
    whole: 'Listen to the whole recording',
    pause: 'Pause',
    hearVoice: 'Let readers hear it in my voice',
    hearVoiceOn: 'Readers can hear it in your voice.',
    narration: 'Narration',
    publish: 'Publish',
    name: 'Your name',
    join: 'Join',
    storiesTitle: "Aino's stories",
  },
  fi: {
    paragraphs: ['Soudimme järven yli joka aamu.', 'Isä korjasi vanhan veneen rannassa.', 'Illalla kuuntelimme kuikkia.'],
    hearOwn: 'Kuuntele tämä kappale omalla äänelläsi',
    hearAino: 'Kuuntele tämä kappale – Aino kertoo omalla äänellään',
    whole: 'Kuuntele koko nauhoitus',
    pause: 'Tauko',
    hearVoice: 'Anna lukijoiden kuulla tarina omalla äänelläni',
    hearVoiceOn: 'Lukijat voivat kuulla tarinan omalla äänelläsi.',
    narration: 'Äänikerronta',
    publish: 'Julkaise',
    name: 'Nimesi',
    join: 'Liity',
    storiesTitle: 'Aino kertoo',
  },
} as const;

type Language = keyof typeof WORDS;

/** A story of three paragraphs told in one real recording, each paragraph's span marked. */
async function toldStory(userId: string, language: Language, fields: Partial<typeof stories.$inferInsert> = {}) {
  const seed = seeder(server.database.db, server.store);
  const words = WORDS[language];
  const story = await seed.story(userId, {
    title: language === 'fi' ? 'Kesä järvellä' : 'A summer at the lake',
    content: words.paragraphs.join('\n\n'),
    language,
    ...fields,
  });
  const timings: TranscriptTimings = {
    source: 'aligned',
    sentences: words.paragraphs.map((text, index) => ({ text, ...SPANS[index] })),
  };
  const recording = await seed.recording(userId, {
    storyId: story.id,
    mimeType: 'audio/wav',
    duration: 11,
    transcription: words.paragraphs.join(' '),
    transcriptTimings: timings,
  });
  await server.store.put(recording.audioKey, readFileSync(CLIPS.jfk), 'audio/wav');
  const sources: ParagraphSources = SPANS.map((span) => [{ recordingId: recording.id, ...span }]);
  await server.database.db.update(stories).set({ paragraphSources: sources }).where(eq(stories.id, story.id));
  return story;
}

const voiceAudio = (page: Page) => page.locator('audio[data-voice-player]');
const audioState = (page: Page) => voiceAudio(page).evaluate((audio: HTMLAudioElement) => ({ time: audio.currentTime, paused: audio.paused }));
const heardParagraph = (page: Page) => page.locator('p[aria-current="true"]').allTextContents();

/** "Hear it" on paragraph 2: it plays from its span's start (the first time the audio reports) and stops at its end. */
async function hearsParagraphTwo(expect: ExpectStatic, page: Page, language: Language, hear: string, shot: string) {
  const words = WORDS[language];
  const span = SPANS[1];
  const buttons = page.getByRole('button', { name: hear, exact: true });
  await expect.poll(() => buttons.count(), WAIT).toBe(3);
  // The first moment the audio element reports once it plays.
  await voiceAudio(page).evaluate((audio: HTMLAudioElement) => {
    const first = () => {
      audio.dataset.firstPlayed = String(audio.currentTime);
      audio.removeEventListener('timeupdate', first);
    };
    delete audio.dataset.firstPlayed;
    audio.addEventListener('timeupdate', first);
  });
  await buttons.nth(1).click();
  await expect.poll(async () => {
    const state = await audioState(page);
    return !state.paused && state.time > span.start && state.time < span.end;
  }, WAIT).toBe(true);
  expect(await buttons.nth(1).getAttribute('aria-pressed')).toBe('true');
  expect(await heardParagraph(page)).toEqual([words.paragraphs[1]]);
  await shots.page(page, `${shot}-paragraph-${language}`);
  const first = Number(await voiceAudio(page).getAttribute('data-first-played'));
  expect(first).toBeGreaterThanOrEqual(span.start);
  expect(first).toBeLessThan(span.start + 0.5);

  await expect.poll(async () => (await audioState(page)).paused, WAIT).toBe(true);
  const stopped = (await audioState(page)).time;
  expect(stopped).toBeGreaterThanOrEqual(span.end);
  expect(stopped).toBeLessThan(span.end + 0.5);
  expect(await heardParagraph(page)).toEqual([]);
  expect(await buttons.nth(1).getAttribute('aria-pressed')).toBe('false');
}

/** The whole recording from its start: the text follows, paragraph 1 then paragraph 2; Pause stops it. */
async function followsTheWholeRecording(expect: ExpectStatic, page: Page, language: Language, shot: string) {
  const words = WORDS[language];
  const player = page.getByRole('region', { name: words.whole });
  await player.getByRole('button', { name: words.whole, exact: true }).click();
  await expect.poll(() => heardParagraph(page), WAIT).toEqual([words.paragraphs[0]]);
  await expect.poll(() => heardParagraph(page), WAIT).toEqual([words.paragraphs[1]]);
  const { time } = await audioState(page);
  expect(time).toBeGreaterThanOrEqual(SPANS[1].start);
  await shots.page(page, `${shot}-whole-${language}`);
  await player.getByRole('button', { name: words.pause, exact: true }).click();
  await expect.poll(async () => (await audioState(page)).paused, WAIT).toBe(true);
}

/** A relative's phone with no account. */
async function phone(language: Language) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  return { context, page };
}

let owners = 0;

// One at a time: each plays real audio for seconds, and the machine is shared.
describe.each(['en', 'fi'] as const)('hear it in their voice (%s)', (language) => {
  const words = WORDS[language];

  it('on the owner’s story page, and on the public page once published with the voice', async ({ expect }) => {
    const { page, userId } = await signedInPage(browser, server, `hear-owner-${language}-${++owners}@example.com`, { language });
    const reader = await phone(language);
    try {
      const story = await toldStory(userId, language);
      await page.goto(`${server.url}/library`);
      await page.getByRole('link', { name: new RegExp(story.title) }).first().click();
      await hearsParagraphTwo(expect, page, language, words.hearOwn, 'owner');
      await followsTheWholeRecording(expect, page, language, 'owner');

      // Published with the teller's voice: an explicit choice, off until switched on.
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: words.publish, exact: true }) });
      await card.scrollIntoViewIfNeeded();
      const hearVoice = card.getByRole('switch', { name: words.hearVoice });
      expect(await hearVoice.getAttribute('aria-checked')).toBe('false');
      await card.getByRole('switch', { name: words.narration }).click();
      await hearVoice.click();
      expect(await hearVoice.getAttribute('aria-checked')).toBe('true');
      await shots.element(card, `publish-form-${language}`);
      await card.getByRole('button', { name: words.publish, exact: true }).click();
      await card.getByText(words.hearVoiceOn).waitFor(WAIT);
      const url = await card.getByTestId('public-url').textContent();
      await shots.element(card, `published-card-${language}`);

      // Anyone with the link, no account.
      await reader.page.goto(url!);
      await hearsParagraphTwo(expect, reader.page, language, words.hearAino, 'public');
      await followsTheWholeRecording(expect, reader.page, language, 'public');

      // Back on the owner's page: the library, then the story again, still leading to the voice.
      await page.goBack();
      await page.waitForURL(`${server.url}/library`, WAIT);
      await page.goForward();
      await expect.poll(() => page.getByRole('button', { name: words.hearOwn, exact: true }).count(), WAIT).toBe(3);
    } finally {
      await page.context().close();
      await reader.context.close();
    }
  });

  it('on the family reader’s story page', async ({ expect }) => {
    const db = server.database.db;
    const [owner] = await db
      .insert(users)
      .values({ email: `hear-teller-${language}-${++owners}@example.com`, firstName: 'Aino', languagePreference: language, emailVerifiedAt: new Date() })
      .returning();
    const story = await toldStory(owner.id, language, { sharedWithFamilyAt: new Date() });
    const token = randomBytes(32).toString('base64url');
    await db.insert(familyMembers).values({
      userId: owner.id,
      name: 'Liisa',
      language,
      scopeAll: true,
      invitationTokenHash: createHash('sha256').update(token).digest('hex'),
      invitationExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const { context, page } = await phone(language);
    try {
      await page.goto(`${server.url}/family/join/${token}`);
      await page.getByLabel(words.name).fill('Liisa');
      await page.getByRole('button', { name: words.join }).click();
      await page.getByRole('link', { name: new RegExp(story.title) }).click();
      await hearsParagraphTwo(expect, page, language, words.hearAino, 'family');
      await followsTheWholeRecording(expect, page, language, 'family');

      // Back to the stories, and forward to the story again.
      await page.goBack();
      await expect.poll(() => page.getByRole('heading', { name: words.storiesTitle }).isVisible(), WAIT).toBe(true);
      await page.goForward();
      await expect.poll(() => page.getByRole('button', { name: words.hearAino, exact: true }).count(), WAIT).toBe(3);
    } finally {
      await context.close();
    }
  });
});

it('a story without spans offers no "hear it" on the owner’s page', async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'hear-none@example.com');
  try {
    const story = await seeder(server.database.db, server.store).story(userId, { title: 'Unmarked', content: 'One.\n\nTwo.' });
    // The page has its answer about the voice (no spans) before looking for what it would show.
    const [voiceRead] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`/api/stories/${story.id}/voice`), WAIT),
      page.goto(`${server.url}/library/${story.id}`),
    ]);
    expect(voiceRead.status()).toBe(200);
    await page.getByText('Two.').waitFor(WAIT);
    expect(await page.getByRole('region', { name: WORDS.en.whole }).count()).toBe(0);
    expect(await page.getByRole('button', { name: WORDS.en.hearOwn }).count()).toBe(0);
    expect(await voiceAudio(page).count()).toBe(0);
  } finally {
    await page.context().close();
  }
});
