import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Live text in Chromium with the fake microphone speaking a clip, the AI the fake OpenAI
// server (its realtime transcription hands out the clip's words): the streaming recorder
// connects first, then opens the microphone, words appear while the clip plays, and the
// take still uploads and becomes a story; Back closes the socket and the tracks; the
// streaming test page shows the words; once in Finnish.
const JFK = clipTranscript(CLIPS.jfk);
const WORDS_TIMEOUT = 30_000;

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk }, (app) => ({ server, browser, fake } = app));

const shots = screenshots('live-text');

/** Records, in the page, the order of socket and microphone and keeps both to look at later. */
async function watchStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const sockets: WebSocket[] = [];
    const streams: MediaStream[] = [];
    Object.assign(window, { seen, sockets, streams });
    const Real = window.WebSocket;
    window.WebSocket = class extends Real {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        seen.push('socket');
        sockets.push(this);
        this.addEventListener('open', () => seen.push('socket open'));
      }
    };
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      seen.push('microphone');
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
    // Every phase the recorder shows, in order.
    new MutationObserver(() => {
      const phase = document.querySelector('[data-phase]')?.getAttribute('data-phase');
      if (phase && seen.at(-1) !== `phase ${phase}`) seen.push(`phase ${phase}`);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
}

type Watched = { seen: string[]; sockets: WebSocket[]; streams: MediaStream[] };
const seen = (page: Page) => page.evaluate(() => (window as unknown as Watched).seen);
const released = (page: Page) =>
  page.evaluate(() => {
    const watched = window as unknown as Watched;
    return {
      sockets: watched.sockets.map((socket) => socket.readyState),
      tracks: watched.streams.flatMap((stream) => stream.getTracks().map((track) => track.readyState)),
    };
  });
const liveText = (page: Page) => page.getByTestId('live-text').innerText();

/** Home's Record: the recorder starts by itself only after a press of Record (decision 032). */
async function openRecorder(page: Page) {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start recording' }).click();
}

it('shows the words while the microphone speaks, and the recording still becomes a story', async () => {
  fake.setTranscript(JFK);
  fake.realtime.setTranscript(JFK);
  fake.setChatReply({
    title: 'Ask Not',
    content: 'I asked my fellow Americans what they could do for their country.',
    people: [],
    locations: [],
    dates: [],
    storyType: 'personal note',
  });
  const { page } = await signedInPage(browser, server, 'live@example.com', { microphone: true });
  await watchStreams(page);

  // On by default: this server's engine keeps up.
  await page.goto(`${server.url}/settings`);
  await page.getByRole('switch', { name: 'Show my words as I speak' }).waitFor();
  expect(await page.getByRole('switch', { name: 'Show my words as I speak' }).getAttribute('aria-checked')).toBe('true');

  await openRecorder(page);
  await expect.poll(() => liveText(page), { timeout: WORDS_TIMEOUT }).toMatch(/fellow|Americans|country/i);
  // The socket first, then the microphone; the screen said it was connecting.
  const order = await seen(page);
  expect(order.indexOf('socket')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('socket open')).toBeGreaterThan(order.indexOf('socket'));
  expect(order.indexOf('microphone')).toBeGreaterThan(order.indexOf('socket open'));
  expect(order.indexOf('phase connecting')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('phase recording')).toBeGreaterThan(order.indexOf('phase connecting'));
  await shots.page(page, 'recording');

  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByText('Paused').first().waitFor();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => liveText(page), { timeout: WORDS_TIMEOUT }).toMatch(/\S+ \S+ \S+/);
  await page.getByRole('button', { name: 'Stop' }).click();

  // The take goes through the durable upload as always.
  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByLabel('Story title').fill('Inauguration');
  await page.getByRole('button', { name: 'Add recording' }).click();
  await page.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });
  const [transcription] = fake.requestsTo('transcriptions');
  expect(transcription?.file?.size).toBeGreaterThan(5_000);
  // The stream ended and its socket closed; the microphone too.
  await expect.poll(() => released(page), { timeout: 10_000 }).toEqual({ sockets: [3], tracks: ['ended'] });
  await expect.poll(() => fake.realtime.openSessions().length, { timeout: 10_000 }).toBe(0);
  expect(fake.errors).toEqual([]);
});

it('Back while recording: discarding closes the socket and the microphone', async () => {
  fake.realtime.setTranscript(JFK);
  const { page } = await signedInPage(browser, server, 'back@example.com', { microphone: true });
  await watchStreams(page);
  await openRecorder(page);
  await expect.poll(() => liveText(page), { timeout: WORDS_TIMEOUT }).not.toBe('');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Discard the recording' }).click();
  await page.waitForURL(`${server.url}/`);
  await expect.poll(() => released(page), { timeout: 10_000 }).toEqual({ sockets: [3], tracks: ['ended'] });
  await expect.poll(() => fake.realtime.openSessions().length, { timeout: 10_000 }).toBe(0);
});

it('switched off in Settings, the recorder opens no socket and shows no live text', async () => {
  const { page } = await signedInPage(browser, server, 'off@example.com', { microphone: true });
  await watchStreams(page);
  await page.goto(`${server.url}/settings`);
  const live = page.getByRole('switch', { name: 'Show my words as I speak' });
  await live.click();
  await expect.poll(() => live.getAttribute('aria-checked'), WAIT).toBe('false');
  await openRecorder(page);
  await expect.poll(() => page.locator('[data-phase]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('recording');
  expect(await seen(page)).not.toContain('phase connecting');
  expect((await released(page)).sockets).toEqual([]);
  expect(await page.getByTestId('live-text').count()).toBe(0);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Discard the recording' }).click();
  await expect.poll(() => released(page), { timeout: 10_000 }).toEqual({ sockets: [], tracks: ['ended'] });
});

it('live text that fails leaves the recording going: a quiet note, and the take still uploads', async () => {
  fake.realtime.setTranscript(JFK);
  fake.realtime.fail('upgrade', { status: 500 });
  const uploadsBefore = fake.requestsTo('transcriptions').length;
  const { page } = await signedInPage(browser, server, 'no-live@example.com', { microphone: true });
  await openRecorder(page);
  await page.getByText('Live text is not available right now. Your recording goes on as usual.').waitFor({ timeout: WORDS_TIMEOUT });
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
  expect(await page.locator('[data-phase]').getAttribute('data-phase')).toBe('recording');
  await shots.page(page, 'unavailable');
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByLabel('Story title').fill('Without live text');
  await page.getByRole('button', { name: 'Add recording' }).click();
  await page.getByRole('progressbar', { name: 'Progress' }).waitFor();
  await expect.poll(() => fake.requestsTo('transcriptions').length, { timeout: 30_000 }).toBe(uploadsBefore + 1);
});

it('the streaming test page shows the words, in Finnish, and leads back to the app', async () => {
  fake.realtime.setTranscript(JFK);
  const { page } = await signedInPage(browser, server, 'testi@example.com', { language: 'fi', microphone: true });
  await page.goto(`${server.url}/streaming-test`);
  await page.getByRole('heading', { name: 'Suoratoistolitteroinnin testi', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Aloita' }).click();
  await expect.poll(() => page.getByTestId('streaming-text').innerText(), { timeout: WORDS_TIMEOUT }).toMatch(/fellow|Americans|country/i);
  await page.getByRole('button', { name: 'Lopeta' }).click();
  await page.getByRole('button', { name: 'Aloita' }).waitFor();
  await shots.page(page, 'streaming-test-fi');
  expect(await page.getByRole('alert').count()).toBe(0);
  await page.getByRole('link', { name: 'Takaisin sovellukseen' }).click();
  await page.waitForURL(`${server.url}/`);
});

it('the streaming test page says so in the spec\'s words when a chunk cannot be sent, and lets the microphone go', async () => {
  const { page } = await signedInPage(browser, server, 'offline@example.com', { microphone: true });
  await watchStreams(page);
  await page.route('**/api/realtime', (route) => route.abort('connectionfailed'));
  await page.goto(`${server.url}/streaming-test`);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('alert').getByText('Connection failed', { exact: true }).waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Start' }).waitFor();
  await expect.poll(() => released(page), { timeout: 10_000 }).toEqual({ sockets: [], tracks: ['ended'] });
  await shots.page(page, 'streaming-test-failed');
});
