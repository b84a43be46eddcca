import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_LIMITS } from '../contract/resumable-uploads.ts';
import { recordings, stories } from '../server/db/schema.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { clipDir, encodeClip, loopClip } from '../test/support/audio-clips.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { waitFor } from '../test/support/wait-for.ts';
import { WAITING_TAKES_SYNC_TAG } from '../client/src/outbox/uploadWaiting.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';
import { untilServiceWorkerControls } from './support/service-worker.ts';
import { signedInPage } from './support/signed-in.ts';
import { BACKGROUND, WAIT } from './support/wait.ts';

// Recording with no network (issue 31), at phone size: a take recorded while the network is
// gone waits on the device with the context chosen, listed with its size; when the network
// comes back it uploads by itself in pieces and becomes a story. A long take cut half way
// goes on from the server's count (the bytes sent after the cut are fewer than the whole), and
// a take whose answer was lost is sent again and stored once. Online, the recorder's own
// (multipart) upload carries the same device-made take id, and one that cannot reach the server
// waits too. Background Sync: the service worker
// uploads a waiting take by itself. A take the server refuses for good says why, and stays until
// the person discards it.

let server: TestApp;
let browser: Browser;
let fake: FakeOpenAi;
let clips: { dir: string; remove: () => Promise<void> };
let shortTake: Buffer;
let longTake: Buffer;
const shots = screenshots('offline-recording');

useBrowserApp({ microphone: CLIPS.jfk }, (app) => ({ server, browser, fake } = app));
beforeAll(async () => {
  clips = await clipDir();
  const webm = await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir);
  shortTake = await readFile(webm);
  // About four minutes of speech: five pieces, so a cut after two leaves three to send.
  longTake = await readFile(await loopClip(webm, 24, clips.dir, 'long-take.webm'));
});
afterAll(async () => {
  await clips?.remove();
});

/** Home, once the splash is gone. */
async function home(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.getByRole('button', { name: /Start recording|Aloita nauhoitus/ }).waitFor();
}

/**
 * A take already waiting on the device, as the recorder leaves it there (microphone/unsavedTakes.ts):
 * its info with the upload's fields, and its audio as one chunk.
 */
async function putWaitingTake(page: Page, ownerId: string, audio: Buffer, fields: Record<string, string>): Promise<string> {
  return page.evaluate(
    async ({ ownerId, base64, fields, durationSeconds }) => {
      const id = crypto.randomUUID();
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('saaga-recorder');
        open.onupgradeneeded = () => open.result.createObjectStore('unsaved-takes');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const now = Date.now();
      const store = db.transaction('unsaved-takes', 'readwrite').objectStore('unsaved-takes');
      store.put(new Blob([bytes], { type: 'audio/webm' }), `chunk:${id}:000000`);
      store.put({ id, ownerId, startedAt: now - durationSeconds * 1000, mimeType: 'audio/webm', chunkCount: 1, durationSeconds, waiting: { fields, queuedAt: now } }, `take:${id}`);
      await new Promise((resolve) => (store.transaction.oncomplete = resolve));
      db.close();
      return id;
    },
    { ownerId, base64: audio.toString('base64'), fields, durationSeconds: 60 },
  );
}

const fieldsOf = (language: 'en' | 'fi') => ({ contextType: 'unassigned', appLanguage: language, duration: '60', clientTimestamp: new Date().toISOString(), userAgent: 'e2e' });

const AXE_SOURCE = readFileSync(process.env.AXE_PATH ?? createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is (as e2e/accessibility.test.ts audits the main screens). */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact?: string | null }[] }> } }).axe.run(document),
  );
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

const recordingOfTake = async (takeId: string) => (await server.database.db.select().from(recordings).where(eq(recordings.takeId, takeId)));

it('records with no network, waits on home with its context and size, and becomes a story when the network is back', async () => {
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'Ask not', content: 'Ask not what your country can do for you.', people: [], locations: [], dates: [], storyType: 'personal note' });
  const { page, userId } = await signedInPage(browser, server, 'offline-take@example.com', { microphone: true });
  const context = page.context();
  await home(page);

  await page.getByRole('button', { name: 'Start recording' }).click();
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), WAIT).toMatch(/00:0[4-9]/);
  // The network goes while the person speaks.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByLabel('Story title').fill('Summer at the lake');
  await shots.page(page, 'chooser-offline-en');
  await page.getByRole('button', { name: 'Add recording' }).click();

  // Kept, not refused: home says there is no network and lists the take with its size.
  await page.getByText('There is no network, so the recording is kept on this device.', { exact: false }).first().waitFor();
  await page.getByRole('heading', { name: 'No network' }).waitFor();
  const waiting = page.getByRole('region', { name: 'Waiting to upload' });
  await waiting.getByText('A new story: Summer at the lake').waitFor();
  await expect.poll(() => waiting.innerText(), WAIT).toMatch(/0:0\d · \d+(\.\d)? kB/);
  await waiting.getByText('Uploads by itself when the network is back.').waitFor();
  await shots.page(page, 'waiting-en', { fullPage: true });
  expect(await server.database.db.select().from(recordings)).toHaveLength(0);

  // The network is back: it goes up by itself.
  await context.setOffline(false);
  await waiting.waitFor({ state: 'detached', timeout: BACKGROUND.timeout });
  const [recording] = await waitFor(
    () => server.database.db.select().from(recordings).where(eq(recordings.userId, userId)),
    (rows) => rows.length === 1,
    BACKGROUND.timeout,
    'the waiting take to be uploaded',
  );
  expect(recording.takeId).toMatch(/^[0-9a-f-]{36}$/);
  const [story] = await server.database.db.select().from(stories).where(eq(stories.id, recording.storyId!));
  expect(story.title).toBe('Summer at the lake');
  await page.getByRole('button', { name: 'Start recording' }).waitFor();
  await shots.page(page, 'uploaded-en');
});

it('a long take cut half way goes on from the server\'s count, in Finnish: fewer bytes after the cut than the whole', async () => {
  const { page, userId } = await signedInPage(browser, server, 'cut-take@example.com', { language: 'fi' });
  const context = page.context();
  await home(page);
  const pieceBytes = RESUMABLE_UPLOAD_LIMITS.pieceBytes;
  expect(longTake.length).toBeGreaterThan(3 * pieceBytes);

  // Two pieces go, then the network is cut as the third is on its way.
  const sent: { index: number; bytes: number; afterCut: boolean }[] = [];
  let cut = false;
  await page.route('**/api/recordings/resumable/*/pieces/*', async (route) => {
    const index = Number(route.request().url().split('/').pop());
    const bytes = route.request().postDataBuffer()?.length ?? 0;
    if (!cut && sent.length === 2) {
      cut = true;
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    }
    sent.push({ index, bytes, afterCut: cut });
    await route.continue();
  });
  const takeId = await putWaitingTake(page, userId, longTake, fieldsOf('fi'));
  // The app opened: the uploader starts by itself.
  await page.reload();

  const waiting = page.getByRole('region', { name: 'Odottaa lähetystä' });
  await page.getByRole('heading', { name: 'Ei verkkoyhteyttä' }).waitFor();
  await waiting.getByText('Päätän myöhemmin').waitFor();
  await expect.poll(() => waiting.innerText(), WAIT).toMatch(/\d+(,\d)? Mt/);
  await shots.page(page, 'cut-waiting-fi', { fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect(sent.map((piece) => piece.index)).toEqual([0, 1]);
  expect(await recordingOfTake(takeId)).toHaveLength(0);

  await context.setOffline(false);
  await waiting.waitFor({ state: 'detached', timeout: BACKGROUND.timeout });
  const [recording] = await waitFor(() => recordingOfTake(takeId), (rows) => rows.length === 1, BACKGROUND.timeout, 'the cut take to be uploaded');
  expect(recording.sizeBytes).toBe(longTake.length);

  const afterCut = sent.filter((piece) => piece.afterCut);
  const bytesAfterCut = afterCut.reduce((sum, piece) => sum + piece.bytes, 0);
  // It went on from the third piece, not from zero: what was sent after the cut is the rest.
  expect(afterCut[0].index).toBe(2);
  expect(bytesAfterCut).toBe(longTake.length - 2 * pieceBytes);
  expect(bytesAfterCut).toBeLessThan(longTake.length);
});

it('a take whose answer was lost is sent again and stored once', async () => {
  const { page, userId } = await signedInPage(browser, server, 'lost-answer@example.com');
  await home(page);
  let lost = false;
  // The server saves the recording, and its answer never reaches the page.
  await page.route('**/api/recordings/resumable/*/finish', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const takeId = await putWaitingTake(page, userId, shortTake, fieldsOf('en'));
  await page.reload();

  const waiting = page.getByRole('region', { name: 'Waiting to upload' });
  await waitFor(() => recordingOfTake(takeId), (rows) => rows.length === 1, BACKGROUND.timeout, 'the server to save the take');
  // Its answer lost, the take is still on the device.
  await waiting.getByText('Decide later').waitFor();
  await waiting.getByRole('button', { name: 'Upload now' }).click();
  await waiting.waitFor({ state: 'detached', timeout: BACKGROUND.timeout });
  expect(await recordingOfTake(takeId)).toHaveLength(1);
  expect(await server.database.db.select().from(recordings).where(eq(recordings.userId, userId))).toHaveLength(1);
});

it('online, the recorder\'s own upload carries the take\'s id made on the device, and the device copy goes once the server has it', async () => {
  const { page, userId } = await signedInPage(browser, server, 'online-take@example.com', { microphone: true });
  await home(page);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect.poll(() => page.getByRole('timer').textContent(), WAIT).toMatch(/00:0[3-9]/);
  // The copy on the device, named by the id the upload will carry.
  const copyIds = () =>
    page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('saaga-recorder');
        open.onsuccess = () => resolve(open.result);
      });
      const keys = await new Promise<IDBValidKey[]>((resolve) => {
        const request = db.transaction('unsaved-takes').objectStore('unsaved-takes').getAllKeys();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return keys.map(String).filter((key) => key.startsWith('take:')).map((key) => key.slice('take:'.length));
    });
  const [copyId] = await copyIds();
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('radio', { name: 'Decide later' }).check();
  await page.getByRole('button', { name: 'Add recording' }).click();

  const [recording] = await waitFor(
    () => server.database.db.select().from(recordings).where(eq(recordings.userId, userId)),
    (rows) => rows.length === 1,
    BACKGROUND.timeout,
    'the recording to be saved',
  );
  expect(recording.takeId).toBe(copyId);
  await expect.poll(copyIds, WAIT).toEqual([]);
});

it('Background Sync: the service worker uploads a waiting take with no page of the app uploading', async () => {
  const { page, userId } = await signedInPage(browser, server, 'background-sync@example.com', { serviceWorkers: true });
  const context = page.context();
  await home(page);
  await untilServiceWorkerControls(page);
  // The library: the page's uploader ran once at home (nothing waited then) and does not run here.
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await page.waitForURL(/\/library$/);
  const fromWorker: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() && request.url().includes('/api/recordings/resumable')) fromWorker.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  const takeId = await putWaitingTake(page, userId, shortTake, fieldsOf('en'));

  // The moment the network is back, as Chromium tells the worker (the headless shell has Background
  // Sync turned off, so DevTools fires the event the recorder's registration asks for).
  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => registrations[0] && resolve(registrations[0].registrationId));
    void cdp.send('ServiceWorker.enable');
  });
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: server.url, registrationId, tag: WAITING_TAKES_SYNC_TAG, lastChance: false });

  const [recording] = await waitFor(() => recordingOfTake(takeId), (rows) => rows.length === 1, BACKGROUND.timeout, 'the service worker to upload the take');
  expect(recording.sizeBytes).toBe(shortTake.length);
  expect(fromWorker).toContain('POST /api/recordings/resumable');
  expect(fromWorker.some((request) => request.endsWith('/finish'))).toBe(true);
});

it('a take the server refuses for good says why on that take, in Finnish, and stays until the person discards it', async () => {
  const { page, userId } = await signedInPage(browser, server, 'refused-take@example.com', { language: 'fi' });
  await home(page);
  // Not audio at all: the checks at the finish refuse it, as they refuse any upload's.
  const notAudio = Buffer.from('This is a shopping list, not a recording. '.repeat(200));
  const takeId = await putWaitingTake(page, userId, notAudio, fieldsOf('fi'));
  await page.reload();

  const waiting = page.getByRole('region', { name: 'Odottaa lähetystä' });
  const refusal = waiting.getByRole('alert');
  await refusal.getByText(/^Saaga ei voinut ottaa tätä nauhoitusta vastaan: .+/).waitFor({ timeout: BACKGROUND.timeout });
  await waiting.getByText('Se säilyy tällä laitteella, kunnes lataat sen itsellesi tai hylkäät sen.').waitFor();
  await shots.page(page, 'refused-fi', { fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect(await recordingOfTake(takeId)).toHaveLength(0);

  // Opened again, it is not sent again: still there, still refused.
  await page.reload();
  await refusal.waitFor();
  await waiting.getByRole('button', { name: 'Hylkää' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Hylkää' }).click();
  // The dialog hides the rest of the page from the accessibility tree while it is open: gone first.
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  await waiting.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('button', { name: 'Aloita nauhoitus' }).waitFor();
  expect(await page.getByRole('region', { name: 'Odottaa lähetystä' }).count()).toBe(0);
});

it('online, an upload that cannot reach the server keeps the take waiting, and it goes up in pieces later', async () => {
  const { page, userId } = await signedInPage(browser, server, 'weak-network@example.com', { microphone: true });
  await home(page);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect.poll(() => page.getByRole('timer').textContent(), WAIT).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: 'Stop' }).click();
  // The browser thinks it is online; the connection drops as the recording goes, and stays down a while.
  const down = /\/api\/recordings(\/resumable)?$/;
  await page.route(down, (route) => route.abort('connectionreset'));
  await page.getByRole('radio', { name: 'A new story' }).check();
  await page.getByRole('button', { name: 'Add recording' }).click();

  const waiting = page.getByRole('region', { name: 'Waiting to upload' });
  await waiting.getByText('A new story').waitFor();
  await page.unroute(down);
  await waiting.getByRole('button', { name: 'Upload now' }).click();
  await waiting.waitFor({ state: 'detached', timeout: BACKGROUND.timeout });
  const rows = await server.database.db.select().from(recordings).where(eq(recordings.userId, userId));
  expect(rows).toHaveLength(1);
  expect(rows[0].storyId).not.toBeNull();
});

it('in Finnish, Back while recording with no network keeps the take waiting, to decide later', async () => {
  const { page, userId } = await signedInPage(browser, server, 'takaisin@example.com', { language: 'fi', microphone: true });
  await home(page);
  await page.getByRole('button', { name: 'Aloita nauhoitus' }).click();
  await expect.poll(() => page.getByRole('timer').textContent(), WAIT).toMatch(/00:0[3-9]/);
  await page.context().setOffline(true);
  // The browser's Back: the leave question, as always.
  await page.goBack();
  const dialog = page.getByRole('alertdialog', { name: 'Säilytetäänkö nauhoitus?' });
  await dialog.getByRole('button', { name: 'Säilytä myöhempää varten' }).click();

  await page.getByText('Verkkoyhteyttä ei ole, joten nauhoitus säilytetään tällä laitteella.', { exact: false }).first().waitFor();
  const waiting = page.getByRole('region', { name: 'Odottaa lähetystä' });
  await waiting.getByText('Päätän myöhemmin').waitFor();
  await waiting.getByText('Lähtee itsestään, kun verkkoyhteys palaa.').waitFor();
  await shots.page(page, 'kept-by-back-fi', { fullPage: true });
  expect(await server.database.db.select().from(recordings).where(eq(recordings.userId, userId))).toHaveLength(0);

  await page.context().setOffline(false);
  await waiting.waitFor({ state: 'detached', timeout: BACKGROUND.timeout });
  const [kept] = await server.database.db.select().from(recordings).where(eq(recordings.userId, userId));
  expect(kept).toMatchObject({ storyId: null });
});
