import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { type ExpectStatic, expect, it } from 'vitest';
import { TIMINGS } from '../contract/timings.ts';
import { recordings, stories } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { pastPageTimers } from './support/wait.ts';
import { screenshots } from './support/screenshots.ts';

// A person's take is never lost on the way out of the recorder, the time form never dates a
// memory or overwrites a story's time by itself, and a failed transcription says why.
// Chromium's fake microphone plays a speech clip; the AI is the fake OpenAI server.
let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do.', people: [], locations: [], dates: [], storyType: 'other' });
});

const signedIn = (email: string, language: 'en' | 'fi' = 'en') => signedInPage(browser, server, email, { language, microphone: true });

const shots = screenshots('work-kept');

async function recordFor(page: Page, seconds: number, expect: ExpectStatic) {
  const timer = page.getByRole('timer');
  await timer.waitFor({ timeout: 15_000 });
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(new RegExp(`00:0[${seconds}-9]`));
}

// The tests but the failed transcription's run side by side (each has its own user and page,
// and most of their time is a take recorded in real time), each asserting with its own
// `expect`; the one that makes the fake fail runs alone, where it stood.
const recordingsOf = (userId: string) => server.database.db.select().from(recordings).where(eq(recordings.userId, userId));

it.concurrent('Back during a recording asks, and keeping the take puts it among the recordings without a story', async ({ expect }) => {
  const { page, userId } = await signedIn('keeper@example.com');
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.waitForURL(/\/record$/);
  await recordFor(page, 3, expect);

  await page.getByRole('button', { name: 'Back' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Keep this recording?' });
  await dialog.waitFor();
  // The question pauses the microphone; nothing is lost while the person decides.
  await page.getByText('Paused', { exact: true }).waitFor();
  await shots.page(page, 'leave-dialog-en');
  await dialog.getByRole('button', { name: 'Keep it for later' }).click();

  await page.waitForURL(`${server.url}/`);
  await page.getByText('It is in the library under Recordings without a story.').first().waitFor();
  const [kept] = await recordingsOf(userId);
  expect(kept).toMatchObject({ storyId: null });
  expect(kept.sizeBytes).toBeGreaterThan(5_000);

  await page.goto(`${server.url}/library`);
  await page.getByRole('link', { name: '1 recording without a story' }).click();
  await page.waitForURL(/\/library\/recordings$/);
  await page.getByRole('heading', { name: 'Recordings without a story' }).waitFor();
  await shots.page(page, 'without-story-en');
  await page.getByRole('list', { name: 'Recordings without a story' }).getByRole('link').first().click();
  await page.waitForURL(new RegExp(`/library/recordings/${kept.id}$`));
  // Transcribed like any other recording, waiting for a story.
  await page.getByText('ask not what your country can do for you', { exact: false }).first().waitFor({ timeout: 30_000 });
});

it.concurrent("the browser's Back on the chooser asks; staying keeps the take; Discard asks before anything is thrown away", async ({ expect }) => {
  const { page, userId } = await signedIn('chooser@example.com');
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordFor(page, 3, expect);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('heading', { name: 'What is this recording about?' }).waitFor({ timeout: 15_000 });

  await page.goBack();
  const leave = page.getByRole('alertdialog', { name: 'Keep this recording?' });
  await leave.waitFor();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await leave.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/record');
  await page.getByRole('heading', { name: 'What is this recording about?' }).waitFor();

  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard this recording?' });
  await discard.waitFor();
  // Cancel first: the take is still here.
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await discard.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await discard.waitFor();
  await discard.getByRole('button', { name: 'Discard the recording' }).click();
  await page.getByRole('button', { name: 'Start recording' }).waitFor();
  expect(await recordingsOf(userId)).toEqual([]);
});

it.concurrent("the time form starts with no time chosen, offers a story's own time and never overwrites it; the story shows a saved time at once", async ({ expect }) => {
  const { page, userId } = await signedIn('timer@example.com');
  const seed = seeder(server.database.db, server.store);
  const story = await seed.story(userId, { title: 'Summer of 1975', processingStatus: 'generated', temporalType: 'year', year: 1975 });
  const timeWrites: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/temporal-context')) timeWrites.push(request.url());
  });

  // Adding a recording to a story with a time: the time is offered, and keeping it saves nothing.
  await page.goto(`${server.url}/library/${story.id}`);
  await page.getByRole('link', { name: 'Add recording' }).click();
  await recordFor(page, 3, expect);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'This story' }).check({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Add recording' }).click();
  await page.getByText('This story already has a time: 1975.', { exact: false }).waitFor({ timeout: 15_000 });
  expect(await page.getByRole('button', { name: 'Save the new time' }).isDisabled()).toBe(true);
  await shots.page(page, 'time-offered-en');
  await page.getByRole('button', { name: 'Keep the time' }).click();
  await page.waitForURL(new RegExp(`/library/${story.id}$`));
  await page.getByLabel('Year', { exact: true }).waitFor();
  expect(await page.getByLabel('Year', { exact: true }).inputValue()).toBe('1975');
  const [kept] = await server.database.db.select().from(stories).where(eq(stories.id, story.id));
  expect(kept).toMatchObject({ temporalType: 'year', year: 1975 });

  // A new story: nothing chosen, nothing savable, until the person chooses.
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordFor(page, 3, expect);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'A new story' }).check({ timeout: 15_000 });
  await page.getByLabel('Story title').fill('Childhood');
  await page.getByRole('button', { name: 'Add recording' }).click();
  const time = page.getByRole('combobox', { name: 'Time' });
  await time.waitFor();
  expect(await time.textContent()).toContain('Choose when it happened');
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  await shots.page(page, 'time-empty-en');
  await time.click();
  await page.getByRole('option', { name: 'Year', exact: true }).click();
  await page.getByLabel('Year', { exact: true }).fill('1968');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/library\/\d+$/);
  // The time card shows the saved year at once, and nothing is written back over it.
  await expect.poll(() => page.getByLabel('Year', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('1968');
  await pastPageTimers(page, 3 * TIMINGS.timeEditorAutosaveMs);
  expect(timeWrites).toHaveLength(1);
});

it('a failed transcription says why on the post-upload screen, and re-transcribe mends it', async () => {
  const { page } = await signedIn('failing@example.com');
  // The refusal must meet this test's recording, not one still waiting from another test.
  const pending = async () =>
    (await server.database.db.select({ status: recordings.processingStatus }).from(recordings)).filter(
      (r) => r.status === 'uploaded' || r.status === 'transcribing',
    ).length;
  await expect.poll(pending, { timeout: 30_000 }).toBe(0);
  fake.fail('transcriptions', 429, 'insufficient_quota');
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordFor(page, 3, expect);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'A new story' }).check({ timeout: 15_000 });
  await page.getByLabel('Story title').fill('The speech');
  await page.getByRole('button', { name: 'Add recording' }).click();

  await page.getByRole('heading', { name: 'Transcription failed' }).waitFor({ timeout: 30_000 });
  await page.getByText('AI transcription service quota exceeded. Please try again later or contact support.').first().waitFor();
  await shots.page(page, 'failed-en');
  await page.getByRole('button', { name: 'Re-transcribe' }).click();
  await page.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });
  expect(fake.refused).toEqual([{ endpoint: 'transcriptions', status: 429, code: 'insufficient_quota', asked: true }]);
});

it.concurrent('a take the page lost while recording (reload, crash) is still on the device, and the home screen offers to keep it', async ({ expect }) => {
  const { page, userId } = await signedIn('reloader@example.com');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordFor(page, 4, expect);
  // Leaving by reload asks the browser's own question (accepted above), then the page is gone.
  await page.reload();
  await page.goto(server.url);
  const notice = page.getByRole('region', { name: 'A recording was not saved' });
  await notice.waitFor({ timeout: 15_000 });
  await shots.page(page, 'unsaved-take-en');
  expect(await recordingsOf(userId)).toEqual([]);
  await notice.getByRole('button', { name: 'Keep it' }).click();
  await notice.waitFor({ state: 'detached', timeout: 15_000 });
  const [kept] = await recordingsOf(userId);
  expect(kept).toMatchObject({ storyId: null });
  expect(kept.sizeBytes).toBeGreaterThan(5_000);
  await page.reload();
  await page.getByRole('button', { name: 'Start recording' }).waitFor();
  expect(await notice.count()).toBe(0);
});

it.concurrent('in Finnish: the leave question and the kept-recordings page speak Finnish', async ({ expect }) => {
  const { page } = await signedIn('suomi@example.com', 'fi');
  // The recorder starts by itself only after a press of Record (decision 032).
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Aloita nauhoitus' }).click();
  await recordFor(page, 2, expect);
  await page.getByRole('button', { name: 'Takaisin' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Säilytetäänkö nauhoitus?' });
  await dialog.waitFor();
  await shots.page(page, 'leave-dialog-fi');
  await dialog.getByRole('button', { name: 'Säilytä myöhempää varten' }).click();
  await page.waitForURL(/\/$/);
  await page.goto(`${server.url}/library/recordings`);
  await page.getByRole('heading', { name: 'Nauhoitukset ilman tarinaa' }).waitFor();
  await shots.page(page, 'without-story-fi');

  // The time form in Finnish: nothing chosen, nothing savable yet.
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Aloita nauhoitus' }).click();
  await recordFor(page, 3, expect);
  await page.getByRole('button', { name: 'Lopeta' }).click();
  await page.getByRole('radio', { name: 'Uuteen tarinaan' }).check({ timeout: 15_000 });
  await page.getByLabel('Tarinan otsikko').fill('Kesä mökillä');
  await page.getByRole('button', { name: 'Lisää nauhoitus' }).click();
  await page.getByRole('heading', { name: 'Milloin tämä tapahtui?' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Ajankohta' }).textContent()).toContain('Valitse, milloin se tapahtui');
  expect(await page.getByRole('button', { name: 'Tallenna', exact: true }).isDisabled()).toBe(true);
  await shots.page(page, 'time-empty-fi');
});
