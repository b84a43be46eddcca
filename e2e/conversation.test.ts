import { asc, eq } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { recordings, stories } from '../server/db/schema.ts';
import { clipDir, concatClips, silenceClip } from '../test/support/audio-clips.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { ChatRequestInfo, FakeOpenAi } from '../test/fakes/openai-server.ts';
import { FULL_CHROMIUM, launchChromium, skipSplash } from './support/browser.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// "Talk with Saaga" at phone size: a spoken interview of two turns from an interviewer
// question (fake microphone, the fake OpenAI server speaking, asking and writing) ends as
// one story with two recordings, each with its question; Back mid-way asks first; once in
// Finnish, leaving mid-way by the browser's Back keeps the answer.

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript('We had a red house by the road, and my grandmother kept hens in the yard.');
  // Live text: every utterance the fake's VAD hears is these words (the default script runs out).
  fake.realtime.setTranscript(() => 'we had a red house');
  fake.setChatReply((request: ChatRequestInfo) =>
    request.schemaName === 'follow_up_questions'
      ? { questions: ['What did the yard smell like in the morning?'] }
      : {
        title: 'The Red House',
        // Written from both answers, the story has both.
        content: JSON.stringify(request.messages).includes(SECOND_ANSWER) ? `${FIRST_ANSWER} ${SECOND_ANSWER}` : FIRST_ANSWER,
        people: [], locations: [], dates: [], storyType: 'childhood',
      });
});

const shots = screenshots('conversation', { fullPage: true });
const db = () => server.database.db;
const storyRecordings = (storyId: number) => db().select().from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex));
const question = () => '[data-testid="conversation-question"]';

/** Waits until the answer has lasted a few seconds (its timer) and its words show (live text heard the fake microphone). */
const PLACEHOLDERS = /^(Your words appear here as you speak\.|Sanasi näkyvät tässä sitä mukaa kuin puhut\.)?$/;
const wordsHeard = async (page: Page) => {
  await expect.poll(() => page.getByRole('timer').textContent(), { timeout: 20_000 }).toMatch(/00:0[3-9]|00:[1-5]\d/);
  await expect.poll(async () => (await page.getByTestId('conversation-live-text').textContent())?.trim(), { timeout: 20_000 }).not.toMatch(PLACEHOLDERS);
};

const FIRST_ANSWER = 'We had a red house by the road.';
const SECOND_ANSWER = 'My grandmother kept hens in the yard.';

it('a spoken interview of two turns ends as one story with two recordings, each with its question', async () => {
  fake.queueTranscript(FIRST_ANSWER, SECOND_ANSWER);
  const { page, userId } = await signedInPage(browser, server, 'talk@example.com', { microphone: true });
  await page.goto(`${server.url}/interviewer/childhood`);
  const first = 'What was the home you grew up in like? Walk me through it, room by room.';
  await page.getByRole('link', { name: `Talk with Saaga about: ${first}` }).click();
  await page.waitForURL(/\/talk\?/);
  await page.getByRole('heading', { name: 'Talk with Saaga' }).waitFor();
  await page.getByText(first).waitFor();
  await shots.page(page, 'ready-en');

  await page.getByRole('button', { name: 'Start talking' }).click();
  // Saaga speaks the question (the narrator), then listens.
  await expect.poll(() => fake.requestsTo('speech').map((r) => r.json.input), { timeout: 15_000 }).toContain(first);
  const next = page.getByRole('button', { name: "I'm done, next question" });
  await next.waitFor({ timeout: 20_000 });
  await page.getByText('Listening… take your time').waitFor();
  await wordsHeard(page);
  await shots.page(page, 'listening-en');
  await next.click();

  // The answer uploads in the background while Saaga asks its follow-up, then speaks it.
  const answers = page.getByTestId('conversation-answer');
  await answers.first().getByText('Saved').waitFor({ timeout: 20_000 });
  await expect.poll(async () => (await page.locator(question()).textContent()) !== first, { timeout: 20_000 }).toBe(true);
  const second = (await page.locator(question()).textContent())!;
  // The writer's question when live text heard the answer, else Saaga's plain one: never empty.
  expect(['What did the yard smell like in the morning?', 'Can you tell me more about that?']).toContain(second);
  await next.waitFor({ timeout: 20_000 });
  await wordsHeard(page);

  // Back mid-way asks first; staying goes on listening.
  await page.getByRole('button', { name: 'Back' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave the conversation?' });
  await dialog.waitFor();
  await shots.page(page, 'leave-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await next.waitFor();
  await shots.page(page, 'second-turn-en');

  await page.getByRole('button', { name: 'Stop' }).click();
  await page.waitForURL(/\/library\/\d+$/, { timeout: 30_000 });
  const storyId = Number(page.url().split('/').pop());
  const [story] = await db().select().from(stories).where(eq(stories.id, storyId));
  expect(story).toMatchObject({ userId, questionId: 'childhood.home', promptQuestion: first });
  const rows = await storyRecordings(storyId);
  expect(rows.map((r) => r.promptQuestion)).toEqual([first, second]);
  expect(rows.map((r) => r.questionId)).toEqual(['childhood.home', null]);
  // Only this story: the conversation made no other.
  expect(await db().select({ id: stories.id }).from(stories).where(eq(stories.userId, userId))).toHaveLength(1);

  // Written again from both answers once both are transcribed.
  const storyChatsWithBoth = () =>
    fake.requestsTo('chat').filter((r) => {
      const messages = JSON.stringify(r.json.messages);
      return r.json.response_format?.json_schema?.name !== 'follow_up_questions' && messages.includes(FIRST_ANSWER) && messages.includes(SECOND_ANSWER);
    });
  await expect.poll(() => storyChatsWithBoth().length, { timeout: 60_000 }).toBeGreaterThan(0);
  await expect
    .poll(async () => (await db().select().from(stories).where(eq(stories.id, storyId)))[0].processingStatus, { timeout: 30_000 })
    .toBe('generated');
  // The story screen opened at Stop shows the story written from both, without a reload.
  await page.getByRole('heading', { name: 'The Red House' }).waitFor({ timeout: 20_000 });
  await page.getByText(SECOND_ANSWER).first().waitFor({ timeout: 30_000 });
  await shots.page(page, 'story-en');
});

it('in Finnish: a question the narrator cannot speak is shown as text; a pause ends the answer and Saaga asks on; leaving mid-way by the browser\'s Back keeps both answers', async () => {
  // A microphone that speaks, then is quiet for 4 s (over and over): the pause ends the answer by itself.
  const clips = await clipDir();
  const pausing = await launchChromium({ fakeAudioFile: await concatClips([CLIPS.jfk, await silenceClip(4, clips.dir)], clips.dir, 'speech-then-quiet.wav'), splash: 'skip' });
  try {
    const { page, userId } = await signedInPage(pausing, server, 'puhu@example.com', { language: 'fi', microphone: true });
    await page.goto(`${server.url}/interviewer`);
    await page.getByRole('link', { name: 'Keskustele Saagan kanssa' }).click();
    await page.waitForURL(/\/talk$/);
    const opening = 'Kerro muisto, jonka haluaisit säilyttää. Mistä se alkaa?';
    await page.getByText(opening).waitFor();
    await shots.page(page, 'ready-fi');
    // The narrator refuses the first question: it is shown as text, with a note, and Saaga listens.
    fake.fail('speech', 400, 'invalid_request_error');
    await page.getByRole('button', { name: 'Aloita keskustelu' }).click();
    await page.getByRole('button', { name: 'Valmis, seuraava kysymys' }).waitFor({ timeout: 20_000 });
    await page.getByText('Kysymystä ei voitu lukea ääneen, joten tässä se on kirjoitettuna.', { exact: false }).waitFor();
    expect(fake.requestsTo('speech').at(-1)!.json.input).toBe(opening);
    expect(fake.refused.filter((r) => r.endpoint === 'speech')).toHaveLength(1);
    // The words appear as they are said (live text through the fake's realtime transcription).
    await wordsHeard(page);
    await shots.page(page, 'listening-fi');

    // Nobody presses anything: after the pause, the next question.
    await expect.poll(async () => (await page.locator(question()).textContent()) !== opening, { timeout: 40_000 }).toBe(true);
    const followUp = (await page.locator(question()).textContent())!;
    await page.getByTestId('conversation-answer').first().getByText('Tallennettu').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Valmis, seuraava kysymys' }).waitFor({ timeout: 20_000 });
    await wordsHeard(page);

    await page.goBack();
    const dialog = page.getByRole('alertdialog', { name: 'Lopetetaanko keskustelu?' });
    await dialog.waitFor();
    await shots.page(page, 'leave-fi');
    await dialog.getByRole('button', { name: 'Tallenna ja poistu' }).click();
    await page.waitForURL(/\/interviewer$/, { timeout: 30_000 });

    const [story] = await db().select().from(stories).where(eq(stories.userId, userId));
    expect(story).toMatchObject({ promptQuestion: opening, questionId: null, language: 'fi' });
    expect((await storyRecordings(story.id)).map((r) => r.promptQuestion)).toEqual([opening, followUp]);
  } finally {
    await pausing.close();
    await clips.remove();
  }
});

it('a refused microphone says so and leads back to the interviewer, with nothing to leave behind', async () => {
  // Without the fake prompt that accepts every request, the microphone is refused.
  const refusing = await chromium.launch({
    executablePath: FULL_CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${CLIPS.jfk}`],
  });
  try {
    const { page, userId } = await signedInPage(refusing, server, 'quiet@example.com');
    await skipSplash(page);
    await page.goto(`${server.url}/interviewer`);
    await page.getByRole('link', { name: 'Talk with Saaga' }).click();
    await page.getByRole('button', { name: 'Start talking' }).click();
    await page.getByRole('alert').getByText('Saaga cannot hear you: microphone access was denied.', { exact: false }).waitFor({ timeout: 10_000 });
    await shots.page(page, 'microphone-refused-en');
    await page.getByRole('button', { name: 'Back to the interviewer' }).click();
    await page.waitForURL(/\/interviewer$/);
    expect(await db().select({ id: stories.id }).from(stories).where(eq(stories.userId, userId))).toHaveLength(0);
  } finally {
    await refusing.close();
  }
});
