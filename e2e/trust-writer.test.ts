import type { Browser, Page } from 'playwright-core';
import { type ExpectStatic, expect, it } from 'vitest';
import type { ChatRequestInfo, FakeOpenAi } from '../test/fakes/openai-server.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// A person's work, at phone size, in English and Finnish: a typed title stays the story's
// title; a new recording reaches a text edited by hand as new paragraphs around it; a
// follow-up Refresh with nothing new says so at once.
const STORY = { title: 'What I Can Do for My Country', content: 'I asked my fellow Americans what they could do.', people: [], locations: [], dates: [], storyType: 'other' };
const NEW_PARAGRAPH = 'Later we baked rye bread together.';

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply((request: ChatRequestInfo) =>
    request.schemaName === 'follow_up_questions'
      ? { questions: [] }
      : request.schemaName === 'story_additions'
        ? { title: 'Bread', paragraphs: [{ after: 1, text: NEW_PARAGRAPH }], people: [], locations: [], dates: [] }
        : STORY);
});

const shots = screenshots('trust-writer', { fullPage: true });

/** Records a few seconds with the fake microphone, stops, and leaves the context chooser open. */
async function recordAndStop(page: Page, labels: { start: string; stop: string }, expect: ExpectStatic) {
  await page.getByRole('button', { name: labels.start }).click();
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: labels.stop }).click();
}

// The first three side by side: each has its own user and page, and most of their time is a
// take recorded in real time and its story awaited; each asserts with its own `expect`. The
// rest run alone: one makes the fake fail, one holds a page to answering within 5 s.
it.concurrent('a typed title stays the story\'s title; left empty, Saaga suggests one (English)', async ({ expect }) => {
  const { page } = await signedInPage(browser, server, 'typed-title@example.com', { language: 'en', microphone: true });
  await page.goto(server.url);
  await recordAndStop(page, { start: 'Start recording', stop: 'Stop' }, expect);
  await page.getByRole('radio', { name: 'A new story' }).check();
  const title = page.getByLabel('Story title');
  expect(await title.getAttribute('placeholder')).toBe('Saaga will suggest a title');
  await shots.page(page, 'title-en');
  await title.fill('Grandmother’s kitchen');
  await page.getByRole('button', { name: 'Add recording' }).click();
  await page.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL(/\/library\/\d+$/);
  await page.getByRole('heading', { name: 'Grandmother’s kitchen', level: 1 }).waitFor();
  expect(await page.getByRole('heading', { name: STORY.title }).count()).toBe(0);
});

it.concurrent('in Finnish: the title field says Saaga will suggest one, and an empty one gets the writer\'s', async ({ expect }) => {
  const { page } = await signedInPage(browser, server, 'otsikko@example.com', { language: 'fi', microphone: true });
  await page.goto(server.url);
  await recordAndStop(page, { start: 'Aloita nauhoitus', stop: 'Lopeta' }, expect);
  await page.getByRole('radio', { name: 'Uuteen tarinaan' }).check();
  expect(await page.getByLabel('Tarinan otsikko').getAttribute('placeholder')).toBe('Saaga ehdottaa otsikkoa');
  await shots.page(page, 'title-fi');
  await page.getByRole('button', { name: 'Lisää nauhoitus' }).click();
  await page.getByRole('heading', { name: 'Tarinasi on valmis!' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Ohita' }).click();
  await page.waitForURL(/\/library\/\d+$/);
  await page.getByRole('heading', { name: STORY.title, level: 1 }).waitFor();
});

/** A written story whose text the person edited, with a recording added since: the banner shows. */
async function editedStoryWithNewRecording(userId: string, language: 'en' | 'fi') {
  const seed = seeder(server.database.db);
  const before = new Date(Date.now() - 60_000);
  const story = await seed.story(userId, {
    title: 'Our kitchen',
    content: 'I wrote this first paragraph myself.\n\nAnd this second one too.',
    language,
    generatedAt: before,
    contentEditedAt: before,
    hasNewRecordings: true,
  });
  await seed.recording(userId, { storyId: story.id, transcription: 'We baked rye bread together.', orderIndex: 0 });
  return story;
}

it.concurrent('a new recording reaches a hand-edited text as a new paragraph; the dialog says so first (English, then Finnish)', async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'edited-text@example.com', { language: 'en' });
  const story = await editedStoryWithNewRecording(userId, 'en');
  await page.goto(`${server.url}/library/${story.id}`);
  await page.getByText('New recordings have been added since this story was written.').waitFor();
  await page.getByRole('button', { name: 'Update the story' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerate', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Your text stays as you wrote it; Saaga adds what is new as new paragraphs.').waitFor();
  await shots.page(page, 'confirm-en');
  await confirm.getByRole('button', { name: 'Regenerate', exact: true }).click();
  const text = page.getByText(NEW_PARAGRAPH);
  await text.waitFor({ timeout: 30_000 });
  await page.getByText('I wrote this first paragraph myself.').waitFor();
  await page.getByText('And this second one too.').waitFor();
  expect(await page.getByText('New recordings have been added since this story was written.').count()).toBe(0);
  // The toast says what happened: paragraphs added, not the story written again.
  await page.getByText('The new recordings were added to your story').first().waitFor();
  expect(await page.getByText('Story regenerated').count()).toBe(0);
  await shots.page(page, 'woven-en');

  const fi = await signedInPage(browser, server, 'muokattu@example.com', { language: 'fi' });
  const tarina = await editedStoryWithNewRecording(fi.userId, 'fi');
  await fi.page.goto(`${server.url}/library/${tarina.id}`);
  await fi.page.getByRole('button', { name: 'Päivitä tarina' }).click();
  await fi.page.getByRole('dialog').getByRole('button', { name: 'Kirjoita uudelleen', exact: true }).click();
  await fi.page.getByRole('alertdialog').getByText('Tekstisi säilyy juuri sellaisena kuin kirjoitit sen; Saaga lisää uudet asiat uusina kappaleina.').waitFor();
  await shots.page(fi.page, 'confirm-fi');
});

it('when the new recording cannot be added, the text stays, the banner stays and says why', async () => {
  const { page, userId } = await signedInPage(browser, server, 'not-added@example.com', { language: 'en' });
  const story = await editedStoryWithNewRecording(userId, 'en');
  fake.fail('chat', 401, 'invalid_api_key', { matches: (request) => request.json?.response_format?.json_schema?.name === 'story_additions' });
  await page.goto(`${server.url}/library/${story.id}`);
  await page.getByRole('button', { name: 'Update the story' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerate', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate', exact: true }).click();
  const why = 'Saaga could not add the new recordings to your text this time, so your text is unchanged. Try “Update the story” again later.';
  await page.getByText(why).first().waitFor({ timeout: 30_000 });
  await page.getByText('New recordings have been added since this story was written.').waitFor();
  await page.getByRole('button', { name: 'Update the story' }).waitFor();
  expect(await page.getByText('I wrote this first paragraph myself.').count()).toBe(1);
  await shots.page(page, 'not-added-en');
});

it('a follow-up Refresh with nothing new says so at once (English and Finnish)', async () => {
  for (const [language, email, label, upToDate] of [
    ['en', 'refresh-nothing@example.com', 'Refresh follow-up questions', 'No new questions: nothing has changed since the last ones.'],
    ['fi', 'paivita-ei-mitaan@example.com', 'Päivitä jatkokysymykset', 'Ei uusia kysymyksiä: mikään ei ole muuttunut edellisten jälkeen.'],
  ] as const) {
    const { page, userId } = await signedInPage(browser, server, email, { language });
    const old = new Date(Date.now() - 10 * 60_000);
    const story = await seeder(server.database.db).story(userId, { language, createdAt: old, generatedAt: old, updatedAt: old, followUpsCheckedAt: new Date(Date.now() - 60_000) });
    await seeder(server.database.db).followUpQuestion(userId, story.id, 'Who rowed with you?', { language });
    await page.goto(`${server.url}/library/${story.id}`);
    await page.getByRole('button', { name: label }).click();
    // At once: well within a round trip, never the minute a job would be waited for.
    await page.getByText(upToDate).first().waitFor({ timeout: 5_000 });
    await shots.page(page, `refresh-up-to-date-${language}`);
  }
});

it('a Refresh whose job brings nothing new stops as soon as the job is done', async () => {
  const { page, userId } = await signedInPage(browser, server, 'refresh-job@example.com', { language: 'en' });
  const story = await seeder(server.database.db).story(userId, {});
  await seeder(server.database.db).followUpQuestion(userId, story.id, 'Who rowed with you?');
  await page.goto(`${server.url}/library/${story.id}`);
  await page.getByRole('button', { name: 'Refresh follow-up questions' }).click();
  // The fake writer has no new questions; the minute's fallback would be far longer than this wait.
  await page.getByText('No new questions came this time. Please try again later.').first().waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Refresh follow-up questions' }).waitFor();
});
