import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../test/support/audio-clips.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../test/support/http-client.ts';
import { settledRecording, waitFor } from '../test/support/pipeline.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { createEngines } from '../server/ai/engines.ts';
import { launchChromium } from './support/browser.ts';
import { CLIENT_DIR } from './support/built-client.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// A person's words are kept whatever the AI does: with no engine ready a recording waits
// and the story and the library say what for; a refused transcription says why and can be
// transcribed again; a transcript corrected by hand is replaced only after asking.
const JFK = clipTranscript(CLIPS.jfk);
const SETTLED = 30_000;

let fake: FakeOpenAi;
/** No key and an empty models folder: nothing can transcribe or write. */
let idle: TestApp;
/** The fake OpenAI server as every engine. */
let served: TestApp;
let browser: Browser;
let audio: Buffer;
let clips: { dir: string; remove: () => Promise<void> };

useBrowserApp({}, (app) => ({ server: served, browser, fake } = app));
beforeAll(async () => {
  clips = await clipDir();
  audio = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  const noModels = mkdtempSync(path.join(tmpdir(), 'saaga-no-models-'));
  idle = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { clientDir: CLIENT_DIR, engines: createEngines({ modelsDir: noModels }) });
});
afterAll(async () => {
  await idle?.close();
  await clips?.remove();
});

async function upload(api: HttpClient, language: 'en' | 'fi') {
  const response = await uploadForm(api, '/api/recordings', { appLanguage: language, contextType: 'new_story' }, { bytes: audio, filename: 'recording.webm' });
  expect(response.status).toBe(201);
  return (await response.json()) as { recording: { id: number }; story: { id: number } };
}

async function pageAs(server: TestApp, api: HttpClient, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
  await context.addCookies([{ name: 'saaga_session', value: api.cookie('saaga_session')!, url: server.url }]);
  return context.newPage();
}

const shots = screenshots('waiting', { fullPage: true });
/** The text of the notice that says what the work waits for. */
const notice = (page: Page, begins: string) => page.getByRole('status').filter({ hasText: begins });
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

// The idle server's tests share no fake: they run side by side, each with its own user, page and expect.
describe('with no AI engine ready', () => {
  it.concurrent.for([
    {
      language: 'en' as const,
      locale: 'en-US',
      waiting: 'Waiting for the speech model: run npm run models or set an AI key.',
      safe: 'Your recording is safe, and it will be transcribed as soon as the model is ready.',
      short: 'Waiting for a model',
    },
    {
      language: 'fi' as const,
      locale: 'fi-FI',
      waiting: 'Odottaa puheentunnistusmallia: aja npm run models tai aseta tekoälyavain.',
      safe: 'Nauhoituksesi on tallessa, ja se litteroidaan heti, kun malli on valmis.',
      short: 'Odottaa mallia',
    },
  ])('the story and the library say the recording waits for the speech model ($language)', async ({ language, locale, waiting, safe, short }, { expect }) => {
    const { client: api } = await signedUpClient(idle.url, `waiting-${language}@example.com`, language);
    const { recording, story } = await upload(api, language);
    // The job has looked for the model and put the recording back to wait.
    await waitFor(
      async () => (await api.get(`/api/recordings/${recording.id}`)).json(),
      (r) => r.processingStatus === 'uploaded' && Date.parse(r.updatedAt) > Date.parse(r.createdAt),
      SETTLED,
    );

    const page = await pageAs(idle, api, locale);
    await page.goto(`${idle.url}/library/${story.id}`);
    const onStory = notice(page, waiting.slice(0, 20));
    await onStory.waitFor();
    expect(words(await onStory.innerText())).toBe(`${waiting} ${safe}`);
    expect(await onStory.locator('code').innerText()).toBe('npm run models');
    await shots.page(page, `story-${language}`);

    await page.goto(`${idle.url}/library/${story.id}/recordings/${recording.id}`);
    await notice(page, waiting.slice(0, 20)).waitFor();

    await page.goto(`${idle.url}/library`);
    const onLibrary = notice(page, waiting.slice(0, 20));
    await onLibrary.waitFor();
    expect(words(await onLibrary.innerText())).toBe(`${waiting} ${safe}`);
    await page.getByRole('list').getByText(short, { exact: true }).waitFor();
    await shots.page(page, `library-${language}`);

    // Still kept, still waiting: nothing failed while the person looked.
    expect(await (await api.get(`/api/recordings/${recording.id}/status`)).json()).toMatchObject({ processingStatus: 'uploaded', transcriptionError: null });
    await page.context().close();
  });

  it.concurrent('the post-upload screen says the new recording waits for the speech model, and keeps it', async ({ expect }) => {
    const withMicrophone = await launchChromium({ fakeAudioFile: CLIPS.jfk, splash: 'skip' });
    try {
      const { client: api } = await signedUpClient(idle.url, 'recorder-waiting@example.com', 'en');
      const context = await withMicrophone.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      await context.grantPermissions(['microphone']);
      await context.addCookies([{ name: 'saaga_session', value: api.cookie('saaga_session')!, url: idle.url }]);
      const page = await context.newPage();
      // The recorder starts by itself only after a press of Record (decision 032).
      await page.goto(idle.url);
      await page.getByRole('button', { name: 'Start recording' }).click();
      const timer = page.getByRole('timer');
      await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('radio', { name: 'A new story' }).check({ timeout: 15_000 });
      await page.getByLabel('Story title').fill('Waiting');
      await page.getByRole('button', { name: 'Add recording' }).click();
      await notice(page, 'Waiting for the speech model').waitFor({ timeout: SETTLED });
      await page.getByRole('heading', { name: 'Processing your recording' }).waitFor();
      await shots.page(page, 'post-upload-en');
      // Kept, and back to waiting once the job has looked for the model (it may still be looking now).
      const status = async () => ((await (await api.get('/api/recordings')).json()) as { processingStatus: string }[])[0]?.processingStatus;
      await expect.poll(status, { timeout: SETTLED }).toBe('uploaded');
    } finally {
      await withMicrophone.close();
    }
  });
});

describe('with the AI service refusing', () => {
  it.each([
    {
      language: 'en' as const,
      locale: 'en-US',
      reason: 'AI transcription service quota exceeded. Please try again later or contact support.',
      retranscribe: 'Re-transcribe',
      done: 'Re-transcription complete',
      notice: 'This story has no text yet: its recording could not be transcribed. The recording is safe.',
      show: 'Show the recording',
    },
    {
      language: 'fi' as const,
      locale: 'fi-FI',
      reason: 'Tekoälypalvelun käyttökiintiö on ylittynyt. Yritä myöhemmin uudelleen tai ota yhteyttä tukeen.',
      retranscribe: 'Litteroi uudelleen',
      done: 'Litteroitu uudelleen',
      notice: 'Tarinalla ei ole vielä tekstiä, koska sen nauhoitusta ei voitu litteroida. Nauhoitus on tallessa.',
      show: 'Näytä nauhoitus',
    },
  ])('a failed recording on its story says why, and re-transcribes once the service is back ($language)', async ({ language, locale, reason, retranscribe, done, notice, show }) => {
    const { client: api } = await signedUpClient(served.url, `refused-${language}@example.com`, language);
    fake.fail('transcriptions', 429, 'insufficient_quota');
    const { recording, story } = await upload(api, language);
    expect(await settledRecording(api, recording.id, SETTLED)).toMatchObject({ processingStatus: 'failed' });

    const page = await pageAs(served, api, locale);
    await page.goto(`${served.url}/library/${story.id}`);
    // At the top, why the story is empty, and the way down to the failed recording.
    await page.getByText(notice, { exact: true }).waitFor();
    await page.getByRole('button', { name: show }).click();
    await expect.poll(() => page.getByText(reason, { exact: true }).isVisible(), { timeout: 5_000 }).toBe(true);
    await shots.page(page, `failed-${language}`);
    await page.goto(`${served.url}/library/${story.id}/recordings/${recording.id}`);
    await page.getByText(reason, { exact: true }).waitFor();
    await page.getByRole('button', { name: retranscribe, exact: true }).waitFor();
    await shots.page(page, `failed-detail-${language}`);
    await page.goBack();
    await page.getByText(reason, { exact: true }).waitFor();

    // The quota refusal was for one request; the service answers again.
    fake.setTranscript(JFK);
    await page.getByRole('button', { name: retranscribe, exact: true }).click();
    await page.getByText(done, { exact: true }).waitFor({ timeout: SETTLED });
    await shots.page(page, `retranscribed-${language}`);
    await page.getByRole('link', { name: /ask not what your country can do for you/ }).waitFor();
    await page.getByText(reason, { exact: true }).waitFor({ state: 'detached' });
    expect(await (await api.get(`/api/recordings/${recording.id}`)).json()).toMatchObject({ processingStatus: 'transcribed', transcription: JFK });
    await page.context().close();
  });
});

describe('a transcript corrected by hand', () => {
  it.each([
    {
      language: 'en' as const,
      locale: 'en-US',
      retranscribe: 'Re-transcribe',
      title: 'Replace your corrected transcript?',
      description: 'Re-transcribing replaces the corrections you made by hand.',
      cancel: 'Cancel',
      replace: 'Replace my corrections',
      done: 'Re-transcription complete',
    },
    {
      language: 'fi' as const,
      locale: 'fi-FI',
      retranscribe: 'Litteroi uudelleen',
      title: 'Korvataanko korjaamasi litterointi?',
      description: 'Uudelleenlitterointi korvaa käsin tekemäsi korjaukset.',
      cancel: 'Peruuta',
      replace: 'Korvaa korjaukseni',
      done: 'Litteroitu uudelleen',
    },
  ])('is replaced only after the person agrees ($language)', async (words) => {
    fake.setTranscript(JFK);
    const { client: api } = await signedUpClient(served.url, `corrected-${words.language}@example.com`, words.language);
    const { recording, story } = await upload(api, words.language);
    expect(await settledRecording(api, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });

    const page = await pageAs(served, api, words.locale);
    await page.goto(`${served.url}/library/${story.id}/recordings/${recording.id}`);
    // (Its text is the listening editor once the timings are read, the plain editable text before.)
    await page.getByRole('button', { name: words.retranscribe, exact: true }).waitFor();

    // Corrected elsewhere after this page read it: the server's refusal asks all the same.
    const corrected = 'And so, my fellow Finns, ask not what your country can do for you.';
    expect((await api.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription: corrected })).status).toBe(200);
    const transcriptionsBefore = fake.requestsTo('transcriptions').length;
    await page.getByRole('button', { name: words.retranscribe, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: words.title });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(words.description);
    await shots.page(page, `corrected-${words.language}`);
    await dialog.getByRole('button', { name: words.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await (await api.get(`/api/recordings/${recording.id}`)).json()).transcription).toBe(corrected);

    // Known to be corrected now: it asks before sending anything, and replaces on yes.
    await page.reload();
    await page.getByText(corrected).waitFor();
    await page.getByRole('button', { name: words.retranscribe, exact: true }).click();
    await dialog.waitFor();
    expect(fake.requestsTo('transcriptions').length).toBe(transcriptionsBefore);
    await dialog.getByRole('button', { name: words.replace }).click();
    await page.getByText(words.done, { exact: true }).waitFor({ timeout: SETTLED });
    await page.getByText(JFK).waitFor();
    expect(await (await api.get(`/api/recordings/${recording.id}`)).json()).toMatchObject({ transcription: JFK, transcriptionEditedByHand: false });
    await page.context().close();
  });
});
