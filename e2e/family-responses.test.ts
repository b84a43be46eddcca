import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { screenshots } from './support/screenshots.ts';
import { expect, it } from 'vitest';
import { familyQuestionId } from '../contract/family.ts';
import { familyQuestions, stories } from '../server/db/schema.ts';
import { familyReader } from '../test/support/family.ts';
import type { HttpClient } from '../test/support/http-client.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { type FakeOpenAi, sampleFromSchema } from '../test/fakes/openai-server.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';

// The storyteller's side of the family circle at phone size: what relatives said about a
// story (a comment answered, a reaction, a voice reply), and a relative's question answered
// by recording from the interviewer. The relatives' side is seeded and called through the API.

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply((request) =>
    request.schemaName === 'story'
      ? { title: 'The Sawmill', content: 'My first job was at the sawmill by the river.', people: [], locations: [], dates: [], storyType: 'other' }
      : sampleFromSchema(request.schema),
  );
});

const shots = screenshots('family-responses', { fullPage: true });
const shot = (page: Page, name: string) => shots.page(page, name);

/** A relative who comments, reacts and replies by voice on a shared story, through the reader's own API. */
async function relativeResponds(userId: string, storyId: number, name: string, words: string): Promise<HttpClient> {
  const { client } = await familyReader(server, userId, { name });
  expect((await client.post(`/api/family/stories/${storyId}/comments`, { body: words })).status).toBe(201);
  expect((await client.put(`/api/family/stories/${storyId}/reaction`, { reaction: 'heart' })).status).toBe(204);
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(readFileSync(CLIPS.english))], { type: 'audio/wav' }), 'reply.wav');
  expect((await client.request('POST', `/api/family/stories/${storyId}/replies`, form)).status).toBe(201);
  return client;
}

it("shows the family's responses on the story, the storyteller answers; a relative's question is answered by recording", async () => {
  const { page, userId } = await signedInPage(browser, server, 'family-owner@example.com', { language: 'en', microphone: true });
  const story = await seeder(server.database.db).story(userId, { title: 'Summers at the lake', sharedWithFamilyAt: new Date() });
  const reader = await relativeResponds(userId, story.id, 'Pekka', 'I remember the boat, grandma!');

  await page.goto(`${server.url}/library`);
  await page.getByRole('link', { name: /Summers at the lake/ }).first().click();
  await page.waitForURL(new RegExp(`/library/${story.id}$`));
  await page.getByRole('heading', { name: 'From your family' }).waitFor();
  await page.getByText('I remember the boat, grandma!').waitFor();
  await page.getByRole('list', { name: 'Reactions' }).getByText('Love: 1').waitFor();
  await page.getByLabel('Voice reply from Pekka').waitFor();
  // The voice reply is among the story's recordings too, under Pekka's name.
  await page.getByText('Family: Pekka').waitFor();

  await page.getByRole('button', { name: 'Answer' }).click();
  await page.getByLabel('Your answer').fill('It was your grandfather\'s boat.');
  await shot(page, 'answering-en');
  // An answer being typed is guarded like every editor: Back asks, Stay keeps it.
  await page.goBack();
  const leave = page.getByRole('alertdialog', { name: 'Save your changes?' });
  await leave.waitFor(WAIT);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await leave.waitFor({ state: 'detached' });
  expect(await page.getByLabel('Your answer').inputValue()).toBe("It was your grandfather's boat.");
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('list', { name: 'Comments' }).getByText("It was your grandfather's boat.").waitFor();
  await page.getByRole('list', { name: 'Comments' }).getByText('You', { exact: true }).waitFor();
  await shot(page, 'story-en');
  // The relative reads the storyteller's answer.
  const seen = await (await reader.get(`/api/family/stories/${story.id}/responses`)).json();
  expect(seen.comments.map((c: { body: string; byTeller: boolean }) => [c.body, c.byTeller])).toEqual([
    ['I remember the boat, grandma!', false],
    ["It was your grandfather's boat.", true],
  ]);

  // Back leads to the library.
  await page.goBack();
  await page.waitForURL(/\/library$/);

  // The relative asks; the question waits in the interviewer.
  const asked = await (await reader.post('/api/family/questions', { text: 'What was your first job?' })).json();
  const aside = await (await reader.post('/api/family/questions', { text: 'Did you ever fly?' })).json();
  await page.goto(`${server.url}/interviewer`);
  const section = page.getByRole('region', { name: 'Questions from your family' });
  await section.getByText('What was your first job?').waitFor();
  await section.getByText(/Pekka asked/).first().waitFor();
  await section.getByRole('link', { name: 'Talk with Saaga about: What was your first job?' }).waitFor();
  await shot(page, 'questions-en');

  // Set aside asks first, then the question is gone.
  await section.getByRole('button', { name: 'Set aside' }).nth(0).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Set aside' }).click();
  await expect.poll(async () => (await server.database.db.select().from(familyQuestions).where(eq(familyQuestions.id, aside.id)))[0]?.setAsideAt ?? null, WAIT).not.toBeNull();
  await expect.poll(() => section.getByText('Did you ever fly?').count(), WAIT).toBe(0);

  // Answer by recording: the recorder with the question on screen; the story told answers it.
  await section.getByRole('link', { name: 'Answer by recording: What was your first job?' }).click();
  await page.waitForURL(/\/record\?/);
  await page.getByText('What was your first job?').waitFor();
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByRole('button', { name: 'Add recording' }).click();
  await page.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL(/\/library\/\d+$/);
  const storyId = Number(page.url().split('/').pop());
  const [told] = await server.database.db.select().from(stories).where(eq(stories.id, storyId));
  expect(told).toMatchObject({ userId, questionId: familyQuestionId(asked.id), promptQuestion: 'What was your first job?' });
  await expect.poll(async () => (await server.database.db.select().from(familyQuestions).where(eq(familyQuestions.id, asked.id)))[0].answeredStoryId, WAIT).toBe(storyId);

  // Answered, it leaves the interviewer's list.
  await page.goto(`${server.url}/interviewer`);
  await page.getByRole('heading', { name: 'Interviewer', level: 1 }).waitFor();
  expect(await page.getByRole('region', { name: 'Questions from your family' }).count()).toBe(0);
});

it('in Finnish: the responses and the questions read in Finnish', async () => {
  const { page, userId } = await signedInPage(browser, server, 'perhe@example.com', { language: 'fi' });
  const story = await seeder(server.database.db).story(userId, { title: 'Kesät järvellä', language: 'fi', sharedWithFamilyAt: new Date() });
  const reader = await relativeResponds(userId, story.id, 'Liisa', 'Muistan veneen, mummo!');
  await reader.post('/api/family/questions', { text: 'Mikä oli ensimmäinen työsi?' });

  await page.goto(`${server.url}/library/${story.id}`);
  await page.getByRole('heading', { name: 'Perheeltäsi' }).waitFor();
  await page.getByText('Muistan veneen, mummo!').waitFor();
  await page.getByRole('list', { name: 'Reaktiot' }).getByText('Rakkaus: 1').waitFor();
  await page.getByLabel('Äänivastaus: Liisa').waitFor();
  await page.getByRole('button', { name: 'Vastaa' }).click();
  await page.getByLabel('Vastauksesi').fill('Se oli isoisäsi vene.');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await page.getByRole('list', { name: 'Kommentit' }).getByText('Sinä', { exact: true }).waitFor();
  await shot(page, 'story-fi');

  await page.goto(`${server.url}/interviewer`);
  const section = page.getByRole('region', { name: 'Perheesi kysymykset' });
  await section.getByText('Mikä oli ensimmäinen työsi?').waitFor();
  await section.getByRole('link', { name: 'Vastaa nauhoittamalla: Mikä oli ensimmäinen työsi?' }).waitFor();
  await section.getByRole('button', { name: 'Jätä sivuun' }).waitFor();
  await shot(page, 'questions-fi');
});
