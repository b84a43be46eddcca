import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { type ExpectStatic, it } from 'vitest';
import { createEngines } from '../server/ai/engines.ts';
import { followUpQuestions } from '../server/db/schema.ts';
import type { ChatRequestInfo, FakeOpenAi } from '../test/fakes/openai-server.ts';
import { waitFor } from '../test/support/pipeline.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../test/support/test-app.ts';
import { CLIENT_DIR } from './support/built-client.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Follow-up questions at phone size: they appear on a new story, are refreshed and
// deleted, and one is answered by recording with the fake microphone; the unanswered
// ones are offered on the interviewer screen. Once in Finnish.
const STORY = {
  title: 'What I Can Do for My Country',
  content: 'I asked my fellow Americans to ask not what their country could do for them, but what they could do for their country.',
  people: [],
  locations: [],
  dates: [],
  storyType: 'personal note',
};

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;
let questions: string[] = [];

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply((request: ChatRequestInfo) => (request.schemaName === 'follow_up_questions' ? { questions } : STORY));
});

const signedIn = (email: string, language: 'en' | 'fi' = 'en', on: TestApp = server) =>
  signedInPage(browser, on, email, { language, microphone: true });

const shots = screenshots('follow-ups', { fullPage: true });

/** Records a few seconds with the fake microphone and stops (the recorder is already running or starts by itself). */
async function recordAndStop(page: Page, expect: ExpectStatic) {
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: 'Stop' }).click();
}

// The tests run side by side, each with its own user, page and `expect` (the last on a server
// of its own); only the first asks the fake for questions (`questions`). Most of their time
// is a take recorded in real time and the page's round trips.
it.concurrent('questions appear on a new story, are refreshed and deleted, and one is answered by recording', async ({ expect }) => {
  questions = ['What did you hope your country would do?', 'Who was listening when you spoke?', 'How did your fellow Americans answer you?'];
  const { page, userId } = await signedIn('follow-ups@example.com');
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordAndStop(page, expect);
  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByLabel('Story title').fill('Inauguration');
  await page.getByRole('button', { name: 'Add recording' }).click();
  await page.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL(/\/library\/\d+$/);
  const storyId = Number(page.url().split('/').pop());

  // The questions come in by themselves while the screen is open.
  const list = page.getByRole('list', { name: 'Follow-up questions' });
  for (const question of questions) await list.getByText(question).waitFor({ timeout: 30_000 });
  const sent = JSON.stringify(fake.requestsTo('chat').find((r) => r.json.response_format?.json_schema?.name === 'follow_up_questions')!.json.messages);
  expect(sent).toContain('fellow Americans');
  await page.getByRole('heading', { name: 'Follow-up questions' }).scrollIntoViewIfNeeded();
  await shots.page(page, 'story-en');

  // Refresh after something new (a recording added to the story; with nothing new it says so at once,
  // trust-writer.test.ts): shows it is working, then the unanswered questions are replaced.
  const somethingNew = () => seeder(server.database.db).recording(userId, { storyId, transcription: 'We listened in the cold.' });
  questions = ['What did your country mean to you then?'];
  await somethingNew();
  await page.getByRole('button', { name: 'Refresh follow-up questions' }).click();
  await list.getByText('What did your country mean to you then?').waitFor({ timeout: 30_000 });
  expect(await list.getByRole('listitem').count()).toBe(1);

  // Delete asks first; Cancel keeps it.
  questions = ['What did you hope your country would do?', 'Who was listening when you spoke?'];
  await somethingNew();
  await page.getByRole('button', { name: 'Refresh follow-up questions' }).click();
  await list.getByText('Who was listening when you spoke?').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Delete question: Who was listening when you spoke?' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this question?' });
  await shots.page(page, 'delete-en');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await list.getByText('Who was listening when you spoke?').waitFor();
  await page.getByRole('button', { name: 'Delete question: Who was listening when you spoke?' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Question deleted', { exact: true }).waitFor();
  await list.getByText('Who was listening when you spoke?').waitFor({ state: 'detached' });

  // Answer: the recorder opens for this story with the question, and starts by itself.
  const asked = 'What did you hope your country would do?';
  await page.getByRole('button', { name: `Answer by recording: ${asked}` }).click();
  await page.waitForURL(/\/record\?/);
  expect(new URL(page.url()).searchParams.get('storyId')).toBe(String(storyId));
  await page.getByText(asked).waitFor();
  await shots.page(page, 'recorder-en');
  await recordAndStop(page, expect);
  await page.getByRole('radio', { name: 'This story' }).check();
  await page.getByRole('button', { name: 'Add recording' }).click();
  const skip = page.getByRole('button', { name: 'Skip' });
  await skip.or(page.getByRole('heading', { name: 'Follow-up questions' })).first().waitFor({ timeout: 60_000 });
  if (await skip.isVisible()) await skip.click();
  await page.waitForURL(new RegExp(`/library/${storyId}$`));

  // The story shows it answered, with the way to its recording.
  const answered = list.getByRole('listitem').filter({ hasText: asked });
  await answered.getByText('Answered').waitFor({ timeout: 30_000 });
  // The question's own row (the story has others), read until the answer's recording is linked to it.
  const askedRow = async () => (await server.database.db.select().from(followUpQuestions)
    .where(and(eq(followUpQuestions.storyId, storyId), eq(followUpQuestions.question, asked))))[0];
  const row = await waitFor(askedRow, (r) => r?.answerRecordingId != null, 15_000);
  expect(row).toMatchObject({ question: asked, isAnswered: true, answerStoryId: storyId });
  await answered.getByRole('link', { name: 'Open the answer' }).click();
  await page.waitForURL(new RegExp(`/library/${storyId}/recordings/${row.answerRecordingId}$`));
  await page.getByText('Answered question').waitFor();
  await page.getByText(asked).waitFor();
  await shots.page(page, 'recording-en');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/library/${storyId}$`));
  await list.getByText(asked).waitFor();
});

it.concurrent('the interviewer offers the unanswered questions; Record answers one in its story', async ({ expect }) => {
  const { page, userId } = await signedIn('inspiration@example.com');
  const story = await seeder(server.database.db).story(userId, { title: 'The lake', content: 'We rowed across the lake every morning.' });
  await seeder(server.database.db).followUpQuestion(userId, story.id, 'Who rowed with you?');
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Need inspiration?' }).click();
  await page.waitForURL(/\/interviewer$/);
  const offered = page.getByRole('list', { name: 'Questions about your stories' });
  await offered.getByText('Who rowed with you?').waitFor();
  await offered.getByText('From “The lake”').waitFor();
  await shots.page(page, 'interviewer-en');
  await page.getByRole('button', { name: 'Record an answer: Who rowed with you?' }).click();
  await page.waitForURL(/\/record\?/);
  expect(new URL(page.url()).searchParams.get('storyId')).toBe(String(story.id));
  await page.getByText('Who rowed with you?').waitFor();
  // Back leaves the recorder (its Discard question, if any, says so) and the question is answered.
  await page.getByRole('button', { name: 'Back' }).click();
  const discard = page.getByRole('button', { name: 'Discard' });
  await discard.or(page.getByRole('heading', { name: 'Interviewer' })).first().waitFor({ timeout: 15_000 });
  if (await discard.isVisible()) await discard.click();
  await page.waitForURL(/\/interviewer$/);
  await page.getByRole('heading', { name: 'Interviewer' }).waitFor();
  await expect.poll(async () => page.getByRole('list', { name: 'Questions about your stories' }).count(), { timeout: 10_000 }).toBe(0);
  // On its story it reads answered, and with no recording yet it can still be recorded.
  await page.goto(`${server.url}/library/${story.id}`);
  const item = page.getByRole('list', { name: 'Follow-up questions' }).getByRole('listitem').filter({ hasText: 'Who rowed with you?' });
  await item.getByText('Answered').waitFor();
  await item.getByRole('button', { name: 'Answer by recording: Who rowed with you?' }).waitFor();
});

it.concurrent('in Finnish: the questions, their buttons and the empty state read in Finnish', async ({ expect }) => {
  const { page, userId } = await signedIn('jatkokysymykset@example.com', 'fi');
  const old = new Date(Date.now() - 10 * 60_000);
  const story = await seeder(server.database.db).story(userId, { title: 'Järvi', content: 'Soudimme järven yli joka aamu.', language: 'fi', createdAt: old, generatedAt: old });
  await seeder(server.database.db).followUpQuestion(userId, story.id, 'Kuka souti kanssasi?', { language: 'fi' });
  const empty = await seeder(server.database.db).story(userId, { title: 'Sauna', content: 'Sauna lämpeni lauantaisin.', language: 'fi', createdAt: old, generatedAt: old });

  await page.goto(`${server.url}/library/${story.id}`);
  const list = page.getByRole('list', { name: 'Jatkokysymykset' });
  await list.getByText('Kuka souti kanssasi?').waitFor();
  await page.getByRole('button', { name: 'Vastaa nauhoittamalla: Kuka souti kanssasi?' }).waitFor();
  await page.getByRole('button', { name: 'Päivitä jatkokysymykset' }).waitFor();
  await page.getByRole('heading', { name: 'Jatkokysymykset' }).scrollIntoViewIfNeeded();
  await shots.page(page, 'story-fi');
  await page.getByRole('button', { name: 'Poista kysymys: Kuka souti kanssasi?' }).click();
  await page.getByRole('alertdialog', { name: 'Poistetaanko tämä kysymys?' }).waitFor();
  await shots.page(page, 'delete-fi');
  await page.getByRole('button', { name: 'Peruuta' }).click();

  await page.goto(`${server.url}/library/${empty.id}`);
  await page.getByText('Jatkokysymyksiä ei vielä ole. Päivitä, niin saat niitä.').waitFor();
});

it.concurrent('with no writing model the story says why its questions have not come, and nothing spins', async ({ expect }) => {
  const noWriter = await startTestApp(
    { LOGIN_RATE_LIMIT: '1000' },
    { clientDir: CLIENT_DIR, engines: createEngines({ modelsDir: mkdtempSync(path.join(tmpdir(), 'saaga-no-writer-')), writer: 'local', transcriber: 'local' }) },
  );
  try {
    const { page, userId } = await signedIn('no-writer@example.com', 'en', noWriter);
    const story = await seeder(noWriter.database.db).story(userId, { title: 'The lake', content: 'We rowed across the lake every morning.' });
    await page.goto(`${noWriter.url}/library/${story.id}`);
    const reason = page.getByRole('status').filter({ hasText: 'Questions will appear once the writing model is ready.' });
    await reason.waitFor({ timeout: 15_000 });
    expect(await reason.locator('.animate-spin').count()).toBe(0);
    await page.getByRole('heading', { name: 'Follow-up questions' }).scrollIntoViewIfNeeded();
    await shots.page(page, 'no-writer-en');
  } finally {
    await noWriter.close();
  }
});
