import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, type ExpectStatic, it } from 'vitest';
import { photos, recordings, stories } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { ChatRequestInfo, FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { pastPageTimers, WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { countMicrophoneOpens, microphoneOpened, pastAutomaticStart } from './support/microphone-count.ts';
import { screenshots } from './support/screenshots.ts';

// "Tell me about this picture" at phone size, in English and Finnish (issue 27): from a
// story's photo, and from a photo picked on Home, the recorder shows the photo and waits for
// Record; the take becomes the story's and the photo its cover. The interviewer offers the
// photo while it has no story; Talk with Saaga opens with a question about it.

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;
let folder: string;
let picture: string;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply((request: ChatRequestInfo) =>
    request.schemaName === 'photo_question'
      ? { question: JSON.stringify(request.messages).includes('suomeksi') ? 'Mitä muistat tästä järvestä?' : 'What do you remember of this lake?' }
      : request.schemaName === 'follow_up_questions'
        ? { questions: [] }
        : { title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
});

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'photo-prompt-'));
  picture = path.join(folder, 'lake.jpg');
  // A picture that looks like one: sky, sun, hills and a lake.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c177"/><stop offset="1" stop-color="#7aa2c8"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/><circle cx="880" cy="260" r="90" fill="#fde68a"/>
    <path d="M0 480 L260 330 L520 470 L760 360 L1200 500 L1200 800 L0 800 Z" fill="#3f6e4e"/>
    <rect y="560" width="1200" height="240" fill="#2f5d7c"/></svg>`;
  await writeFile(picture, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
});
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

const WORDS = {
  en: {
    record: 'Start recording', stop: 'Stop', newStory: 'A new story', thisStory: 'This story', title: 'Story title', add: 'Add recording',
    ready: 'Your story is ready!', added: 'Your recording is added to the story', back: 'Back', tapToRecord: 'Tap to record', pick: 'Tell me about a picture', tell: /^Tell me about this picture/,
    talk: /^Talk about it with Saaga/, photos: 'Your photos', photoAlt: 'The photo you are telling about: Summer at the lake', looseAlt: 'The photo you are telling about',
    question: 'What do you remember of this lake?', interviewer: 'Need inspiration?',
  },
  fi: {
    record: 'Aloita nauhoitus', stop: 'Lopeta', newStory: 'Uuteen tarinaan', thisStory: 'Tähän tarinaan', title: 'Tarinan otsikko', add: 'Lisää nauhoitus',
    ready: 'Tarinasi on valmis!', added: 'Nauhoitus on lisätty tarinaan', back: 'Takaisin', tapToRecord: 'Aloita nauhoitus napauttamalla', pick: 'Kerro kuvasta', tell: /^Kerro tästä kuvasta/,
    talk: /^Keskustele siitä Saagan kanssa/, photos: 'Kuvasi', photoAlt: 'Kuva, josta kerrot: Summer at the lake', looseAlt: 'Kuva, josta kerrot',
    question: 'Mitä muistat tästä järvestä?', interviewer: 'Tarvitsetko inspiraatiota?',
  },
} as const;
type Language = keyof typeof WORDS;

/** A signed-in page whose every document counts the times it asked for the microphone. */
async function countingPage(email: string, language: Language) {
  const signedIn = await signedInPage(browser, server, email, { language, microphone: true });
  await countMicrophoneOpens(signedIn.page);
  return signedIn;
}

const shots = screenshots('photo-prompt', { fullPage: true });
const db = () => server.database.db;

/** The photo is on screen (its display copy loaded), and the microphone waits for Record. */
async function recorderWaitsOnPhoto(page: Page, alt: string, words: (typeof WORDS)[Language], expect: ExpectStatic) {
  const photo = page.getByRole('img', { name: alt });
  await photo.waitFor(WAIT);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), WAIT).toBeGreaterThan(0);
  await page.getByText(words.tapToRecord).waitFor(WAIT);
  await pastAutomaticStart(page);
  expect(await microphoneOpened(page)).toBe(0);
  expect(await page.getByRole('timer').textContent()).toBe('00:00');
}

/** Record a few seconds, stop: the chooser. */
async function recordTake(page: Page, words: (typeof WORDS)[Language], expect: ExpectStatic) {
  await page.getByRole('button', { name: words.record }).click();
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), WAIT).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: words.stop }).click();
}

for (const language of ['en', 'fi'] as const) {
  const words = WORDS[language];

  it.concurrent(`${language}: from a story's photo, Tell me about this picture records into the story, and the photo becomes its cover`, async ({ expect }) => {
    const { page, userId } = await countingPage(`story-photo-${language}@example.com`, language);
    const story = await seeder(db(), server.store).story(userId, { title: 'At the lake', language });
    // The photo is added as the story page adds it: a real upload.
    const added = await page.request.post(`${server.url}/api/stories/${story.id}/photos`, {
      headers: { origin: server.url },
      multipart: { photo: { name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await sharp(picture).toBuffer() }, caption: 'Summer at the lake' },
    });
    expect(added.status()).toBe(201);
    const [photo] = (await added.json()).photos;

    await page.goto(`${server.url}/library/${story.id}`);
    await page.getByRole('heading', { name: 'At the lake' }).waitFor(WAIT);
    // The story's photo strip links each photo to "Tell me about this picture".
    await page.getByRole('link', { name: words.tell }).first().click();
    await page.waitForURL(new RegExp(`/record\\?aboutPhoto=${photo.id}$`), WAIT);
    // Opened by that link, not by Record: the microphone waits.
    await recorderWaitsOnPhoto(page, words.photoAlt, words, expect);
    await shots.page(page, `recorder-story-photo-${language}`);

    await recordTake(page, words, expect);
    // The photo's story is offered, and chosen.
    expect(await page.getByRole('radio', { name: words.thisStory }).isChecked()).toBe(true);
    await shots.page(page, `chooser-story-photo-${language}`);
    await page.getByRole('button', { name: words.add }).click();

    await expect.poll(async () => (await db().select().from(recordings).where(eq(recordings.storyId, story.id))).map((r) => r.aboutPhotoId), WAIT).toEqual([photo.id]);
    const [told] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(told.coverPhotoId).toBe(photo.id);
    await page.getByRole('heading', { name: words.added }).waitFor({ timeout: 60_000 });
    await shots.page(page, `added-${language}`);
    // The library shows the story with its cover.
    await page.goto(`${server.url}/library`);
    await page.locator(`img[src="/api/photos/${photo.id}?size=thumb"]`).first().waitFor(WAIT);
    await shots.page(page, `library-cover-${language}`);
  });

  it.concurrent(`${language}: a photo picked on Home: the recorder shows it, Back goes home, the interviewer offers it, and its story takes it as cover`, async ({ expect }) => {
    const { page, userId } = await countingPage(`home-photo-${language}@example.com`, language);
    await page.goto(server.url);
    const pick = page.getByRole('button', { name: words.pick });
    await pick.waitFor(WAIT);
    await shots.page(page, `home-${language}`);
    const chooser = page.waitForEvent('filechooser', WAIT);
    await pick.click();
    await (await chooser).setFiles(picture);
    await page.waitForURL(/\/record\?aboutPhoto=\d+$/, WAIT);
    const photoId = Number(new URL(page.url()).searchParams.get('aboutPhoto'));
    const [loose] = await db().select().from(photos).where(eq(photos.id, photoId));
    expect(loose).toMatchObject({ userId, storyId: null, recordingId: null, personId: null, placeId: null });
    // Opened by a press of "Tell me about a picture", not of Record: the microphone waits.
    await recorderWaitsOnPhoto(page, words.looseAlt, words, expect);
    await shots.page(page, `recorder-loose-photo-${language}`);

    // Back before recording: home, nothing asked, the microphone never opened.
    await page.getByRole('button', { name: words.back }).click();
    await page.waitForURL(`${server.url}/`, WAIT);
    expect(await microphoneOpened(page)).toBe(0);

    // The photo has no story: the interviewer offers it.
    await page.getByRole('button', { name: words.interviewer }).click();
    await page.getByRole('heading', { name: words.photos }).waitFor(WAIT);
    await page.getByRole('heading', { name: words.photos }).scrollIntoViewIfNeeded();
    await shots.page(page, `interviewer-${language}`);

    // Talk with Saaga from it: the first question is about the photo; Back before starting.
    await page.getByRole('link', { name: words.talk }).first().click();
    await page.waitForURL(/\/talk\?aboutPhoto=\d+$/, WAIT);
    await page.getByText(words.question).waitFor(WAIT);
    await page.getByRole('img', { name: words.looseAlt }).waitFor(WAIT);
    await shots.page(page, `conversation-${language}`);
    await page.getByRole('button', { name: words.back }).click();
    await page.waitForURL(/\/interviewer$/, WAIT);
    expect(await microphoneOpened(page)).toBe(0);

    // Tell me about this picture: the recorder with the photo, then a new story.
    await page.getByRole('link', { name: words.tell }).first().click();
    await page.waitForURL(/\/record\?aboutPhoto=\d+$/, WAIT);
    await recorderWaitsOnPhoto(page, words.looseAlt, words, expect);
    await recordTake(page, words, expect);
    await page.getByRole('radio', { name: words.newStory }).check(WAIT);
    await page.getByRole('button', { name: words.add }).click();
    await page.getByRole('heading', { name: words.ready }).waitFor({ timeout: 60_000 });
    await shots.page(page, `ready-${language}`);

    const [recording] = await db().select().from(recordings).where(eq(recordings.aboutPhotoId, photoId));
    const [story] = await db().select().from(stories).where(eq(stories.id, recording.storyId!));
    expect(story.coverPhotoId).toBe(photoId);
    expect((await db().select().from(photos).where(eq(photos.id, photoId)))[0].storyId).toBe(story.id);

    // Its story told, the photo is no longer offered.
    await page.goto(`${server.url}/interviewer`);
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    await pastPageTimers(page, 100);
    expect(await page.getByRole('heading', { name: words.photos }).count()).toBe(0);
  });
}

it.concurrent('en: Talk with Saaga from a photo: the first question is about it, and the story of the answers takes it as cover', async ({ expect }) => {
  const { page } = await countingPage('talk-photo@example.com', 'en');
  const added = await page.request.post(`${server.url}/api/photos`, {
    headers: { origin: server.url },
    multipart: { photo: { name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await sharp(picture).toBuffer() } },
  });
  expect(added.status()).toBe(201);
  const [photo] = (await added.json()).photos;

  await page.goto(`${server.url}/interviewer`);
  await page.getByRole('link', { name: WORDS.en.talk }).first().click();
  await page.waitForURL(/\/talk\?aboutPhoto=\d+$/, WAIT);
  await page.getByText(WORDS.en.question).waitFor(WAIT);
  await page.getByRole('button', { name: 'Start talking' }).click();
  // Saaga speaks the photo's question, then listens.
  await expect.poll(() => fake.requestsTo('speech').map((r) => r.json.input), WAIT).toContain(WORDS.en.question);
  await page.getByRole('button', { name: "I'm done, next question" }).waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByRole('timer').textContent(), { timeout: 20_000 }).toMatch(/00:0[3-9]|00:[1-5]\d/);
  await shots.page(page, 'conversation-listening-en');
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.waitForURL(/\/library\/\d+$/, { timeout: 30_000 });

  const storyId = Number(page.url().split('/').pop());
  const [story] = await db().select().from(stories).where(eq(stories.id, storyId));
  expect(story).toMatchObject({ coverPhotoId: photo.id, promptQuestion: WORDS.en.question });
  expect((await db().select().from(recordings).where(eq(recordings.storyId, storyId))).map((r) => r.aboutPhotoId)).toEqual([photo.id]);
});
