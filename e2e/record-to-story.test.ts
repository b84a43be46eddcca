import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clipDir, silenceClip } from '../test/support/audio-clips.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { launchChromium } from './support/browser.ts';
import { useBrowserApp } from './support/browser-app.ts';

// A person records a memory through Chromium's fake microphone (fed from a speech clip),
// and lands on the story written from it. The AI is the fake OpenAI server; the VAD is real.
const JFK = clipTranscript(CLIPS.jfk);

let fake: FakeOpenAi;
let server: TestApp;
let clips: { dir: string; remove: () => Promise<void> };
const browsers: Browser[] = [];

useBrowserApp({}, (app) => ({ server, fake } = app));
beforeAll(async () => {
  clips = await clipDir();
});
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await clips?.remove();
});

async function signedInPage(microphoneFile: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const browser = await launchChromium({ fakeAudioFile: microphoneFile, splash: 'skip' });
  browsers.push(browser);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const headers = { origin: server.url };
  await context.request.post(`${server.url}/api/auth/local/sign-up`, {
    data: { email, password: 'long enough password', firstName: 'Aino' },
    headers,
  });
  await context.request.post(`${server.url}/api/auth/local/sign-in`, { data: { email, password: 'long enough password' }, headers });
  await context.request.put(`${server.url}/api/auth/language-preference`, { data: { language: 'en' }, headers });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId('splash').waitFor({ state: 'detached' });
  return { context, page };
}

it('records, chooses a new story, sees progress, sets the time and lands on the written story', async () => {
  fake.setTranscript(JFK);
  fake.setChatReply({
    title: 'What I Can Do for My Country',
    content: 'I asked my fellow Americans to ask not what their country could do for them,\nbut what they could do for their country.',
    people: [],
    locations: [],
    dates: [],
    storyType: 'personal note',
  });
  const { page } = await signedInPage(CLIPS.jfk, 'recorder@example.com');

  await page.getByRole('button', { name: 'Start recording' }).click();
  const timer = page.getByRole('timer');
  await timer.waitFor();
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[4-9]/);
  await page.getByRole('button', { name: 'Stop' }).click();

  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByLabel('Story title').fill('Inauguration');
  await page.getByRole('button', { name: 'Add recording' }).click();

  // The staged progress, then the written story.
  await page.getByRole('progressbar', { name: 'Progress' }).waitFor();
  await page.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });

  // Time context: a year in the future is refused, then a span of years is saved.
  await page.getByRole('combobox', { name: 'Time' }).click();
  await page.getByRole('option', { name: 'Span of years' }).click();
  await page.getByLabel('From year').fill('1961');
  await page.getByLabel('To year').fill('1960');
  expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await page.getByLabel('To year').fill('1963');
  await page.getByRole('button', { name: 'Save' }).click();

  await page.waitForURL(/\/library\/\d+$/);
  // The title typed in the chooser is the person's: the writer's own title does not replace it.
  await page.getByRole('heading', { name: 'Inauguration', level: 1 }).waitFor();
  expect(await page.locator('main').innerText()).toContain('what they could do for their country');

  const storyId = Number(page.url().split('/').pop());
  const story = await (await page.request.get(`${server.url}/api/stories/${storyId}`)).json();
  expect(story).toMatchObject({ processingStatus: 'generated', temporalType: 'year_span', year: 1961, endYear: 1963 });

  // What reached the transcription service was the browser's own recording.
  const [transcription] = fake.requestsTo('transcriptions');
  expect(transcription.fields?.language).toBe('en');
  expect(transcription.file?.size).toBeGreaterThan(5_000);
  expect(fake.errors).toEqual([]);
});

it('a silent recording is refused at stop with the spec\'s words, and nothing is uploaded', async () => {
  const before = fake.requestsTo('transcriptions').length;
  const silence = await silenceClip(8, clips.dir, 'silent-microphone.wav');
  const { page } = await signedInPage(silence, 'quiet@example.com');

  await page.getByRole('button', { name: 'Start recording' }).click();
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: 'Stop' }).click();

  // Chromium's opus encoder makes silence so small that the size check (under 1000 bytes)
  // speaks before the speech analysis; both are the spec's "No speech detected..." texts.
  await page
    .getByText('No speech detected in recording. Please speak into the microphone and try again.', { exact: true })
    .or(page.getByText('No speech detected. Please try recording again and speak clearly into the microphone.', { exact: true }))
    .first()
    .waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Start recording' }).waitFor();
  expect(fake.requestsTo('transcriptions').length).toBe(before);
  // Only the first test's recording exists.
  expect(await server.database.db.query.recordings.findMany()).toHaveLength(1);
});
