import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { stories } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The interviewer at phone size: a theme's question answered by recording (fake
// microphone), the theme's count rising, and the answered question leading back. Once in Finnish.

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'The Red House', content: 'We lived in a red house by the road.', people: [], locations: [], dates: [], storyType: 'childhood' });
});

const signedIn = (email: string, language: 'en' | 'fi') => signedInPage(browser, server, email, { language, microphone: true });

const shots = screenshots('interviewer', { fullPage: true });

it('answers a childhood question by recording, and the theme counts it', async () => {
  const { page, userId } = await signedIn('interviewer@example.com', 'en');
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Need inspiration?' }).click();
  await page.waitForURL(/\/interviewer$/);
  const childhood = page.getByRole('link', { name: /Childhood/ });
  await childhood.getByText('0/5 answered').waitFor();
  await shots.page(page, 'themes-en');

  await childhood.click();
  await page.waitForURL(/\/interviewer\/childhood$/);
  const question = 'What was the home you grew up in like? Walk me through it, room by room.';
  await page.getByText(question).waitFor();
  await shots.page(page, 'theme-en');
  await page.getByRole('link', { name: `Record an answer to: ${question}` }).click();

  // The recorder opens with the question and starts by itself.
  await page.waitForURL(/\/record\?/);
  await page.getByText(question).waitFor();
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByLabel('Story title').fill('Our home');
  await page.getByRole('button', { name: 'Add recording' }).click();
  await page.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL(/\/library\/\d+$/);

  // The upload carried the question; the story shows it and leads back to it.
  const storyId = Number(page.url().split('/').pop());
  const [story] = await server.database.db.select().from(stories).where(eq(stories.id, storyId));
  expect(story).toMatchObject({ userId, questionId: 'childhood.home', promptQuestion: question });
  await page.getByText('Answered question').waitFor();
  await page.getByRole('link', { name: new RegExp(question.slice(0, 30)) }).click();
  await page.waitForURL(/\/interviewer\/childhood\?question=home$/);
  const answered = page.locator('#question-home');
  await answered.getByRole('link', { name: 'Our home' }).waitFor();
  await answered.getByRole('link', { name: `Add to your answer: ${question}` }).waitFor();
  await shots.page(page, 'answered-en');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(/\/interviewer$/);
  await page.getByRole('link', { name: /Childhood/ }).getByText('1/5 answered').waitFor();
});

it('in Finnish: the themes and their questions read in Finnish', async () => {
  const { page } = await signedIn('haastattelu@example.com', 'fi');
  await page.goto(`${server.url}/interviewer`);
  await page.getByRole('heading', { name: 'Haastattelija' }).waitFor();
  const career = page.getByRole('link', { name: /Ura/ });
  await career.getByText('0/5 vastattu').waitFor();
  await career.click();
  await page.getByText('Mikä oli aivan ensimmäinen työsi, ja paljonko sillä tienasit?').waitFor();
  await page.getByRole('link', { name: 'Nauhoita vastaus kysymykseen: Mikä oli aivan ensimmäinen työsi, ja paljonko sillä tienasit?' }).waitFor();
  await shots.page(page, 'theme-fi');
});

it('asks about the untold decades and people, with the writer\'s questions or plain ones', async () => {
  const { page, userId } = await signedIn('gaps@example.com', 'en');
  const seed = seeder(server.database.db);
  await seed.story(userId, { title: 'Moving to the city', year: 1990, temporalType: 'year' });
  const helmi = await seed.person(userId, 'Helmi', 'aunt');
  fake.setChatReply((request) =>
    request.schemaName === 'gap_questions'
      ? {
          questions: [
            { key: 'decade:2000', question: 'Where did the 2000s take you after the move?' },
            { key: `person:${helmi.id}`, question: 'What did Helmi teach you that you still use?' },
          ],
        }
      : { title: 'The Red House', content: 'We lived in a red house.', people: [], locations: [], dates: [], storyType: 'other' },
  );
  await page.goto(`${server.url}/interviewer`);
  await page.getByRole('heading', { name: 'Not yet told' }).waitFor();
  await page.getByText('What did Helmi teach you that you still use?').waitFor({ timeout: 30_000 });
  await page.getByText('Where did the 2000s take you after the move?').waitFor();
  // A decade the writer had no question for gets the plain one.
  await page.getByText('What do you remember of the 2010s?').waitFor();
  await shots.page(page, 'gaps-en');
  await page.getByRole('link', { name: 'Record an answer to: What did Helmi teach you that you still use?' }).click();
  await page.waitForURL(/\/record\?/);
  await page.getByText('What did Helmi teach you that you still use?').waitFor();
});
