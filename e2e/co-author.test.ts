import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, type ExpectStatic, expect, it } from 'vitest';
import { contributorStorageKey } from '../contract/co-author.ts';
import { hashLinkToken } from '../server/co-author/links.ts';
import { coAuthorTokens, recordings, stories } from '../server/db/schema.ts';
import { clipDir, silenceClip } from '../test/support/audio-clips.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { launchChromium } from './support/browser.ts';
import { signedInPage } from './support/signed-in.ts';
import { pastPageTimers, WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Co-author links at phone size: the owner makes a story's link; relatives open it signed
// out, give their name, record with the fake microphone, see and delete their own
// contribution; a stranger with the same name cannot delete it; the owner sees it on the
// story with the Co-author badge, then deletes the link, which stops working. Once in Finnish.

const LONG_STORY =
  'Every summer we drove north to the cottage by the lake. My grandmother baked blueberry pies, ' +
  'my grandfather fixed the old rowing boat, and we children swam until our lips turned blue. ' +
  'In the evenings the whole family sat on the porch and listened to the loons calling across the water.';

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;
let silentBrowser: Browser;
let clips: { dir: string; remove: () => Promise<void> };

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true, env: { CONTRIBUTION_RATE_LIMIT: '1000' } }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do.', people: [], locations: [], dates: [], storyType: 'other' });
});
beforeAll(async () => {
  clips = await clipDir();
  silentBrowser = await launchChromium({ fakeAudioFile: await silenceClip(8, clips.dir, 'silent-microphone.wav'), splash: 'skip' });
}, 120_000);
afterAll(async () => {
  await silentBrowser?.close();
  await clips?.remove();
});

const shots = screenshots('co-author', { fullPage: true });

// The two tests run side by side, and the browser's clipboard is one for all its pages: each
// copies and reads it back in its turn, or one reads the link the other copied.
let clipboardTurn: Promise<unknown> = Promise.resolve();
function inClipboardTurn<T>(use: () => Promise<T>): Promise<T> {
  const turn = clipboardTurn.then(use);
  clipboardTurn = turn.catch(() => undefined);
  return turn;
}

/** A signed-out visitor's phone, with the microphone allowed. */
async function visitor(from: Browser, language: 'en' | 'fi' = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await from.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  return { context, page };
}

/** Records with the fake microphone until the timer shows `seconds`, then stops. */
async function record(page: Page, seconds: number, expect: ExpectStatic) {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^0:0[${seconds}-9]$`));
  await page.getByRole('button', { name: 'Stop' }).click();
}

const contributionsOf = (storyId: number) => server.database.db.select().from(recordings).where(eq(recordings.storyId, storyId));

// The two tests side by side, each asserting with its own `expect`: each has its own owner,
// story, link and pages (the second its own silent browser), and the fake's answers are the
// same for both; most of their time is takes recorded in real time.
it.concurrent('a relative records through the link, deletes and records again; a stranger cannot delete it; the owner sees it and deletes the link', async ({ expect }) => {
  const { page: owner, userId } = await signedInPage(browser, server, 'co-author-owner@example.com', { microphone: true });
  await owner.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const story = await seeder(server.database.db).story(userId, { title: 'Summers at the cottage', content: LONG_STORY, language: 'en' });

  // No link yet: what a link is for, and Create link.
  await owner.goto(`${server.url}/library/${story.id}`);
  await owner.getByRole('heading', { name: 'Sharing link' }).waitFor();
  await owner.getByText('add their own recordings to this story through a link, without an account').waitFor();
  await owner.getByRole('heading', { name: 'Sharing link' }).scrollIntoViewIfNeeded();
  await shots.page(owner, 'card-none-en');
  await owner.getByRole('button', { name: 'Create link' }).click();
  await owner.getByText('Sharing link created').first().waitFor();
  const field = owner.getByRole('textbox', { name: 'Sharing link' });
  await field.waitFor();
  const url = await field.inputValue();
  expect(url).toMatch(new RegExp(`^${server.url}/co-author/[A-Za-z0-9_-]{43}$`));
  const token = url.split('/').pop()!;
  const [tokenRow] = await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id));
  // The database keeps only the token's hash (decision 028).
  expect(tokenRow.tokenHash).toBe(hashLinkToken(token));
  const copied = await inClipboardTurn(async () => {
    await owner.getByRole('button', { name: 'Copy' }).click();
    await owner.getByText('Sharing link copied').first().waitFor();
    return owner.evaluate(() => navigator.clipboard.readText());
  });
  expect(copied).toBe(url);
  await shots.page(owner, 'card-link-en');

  // A relative, signed out: the story's beginning, cut at a word, and the rest on Read more.
  const relative = await visitor(browser);
  const page = relative.page;
  await page.goto(url);
  await page.getByRole('heading', { name: 'Summers at the cottage', level: 1 }).waitFor();
  await page.getByText('Help Aino tell this story').waitFor();
  const storyText = page.locator('#co-author-story');
  const preview = (await storyText.textContent())!;
  expect(preview.endsWith('…')).toBe(true);
  expect(preview.length).toBeLessThanOrEqual(201);
  expect(LONG_STORY.startsWith(preview.slice(0, -1))).toBe(true);
  expect(LONG_STORY[preview.length - 1]).toMatch(/[\s,.]/);
  await shots.page(page, 'page-en');
  await page.getByRole('button', { name: 'Read more' }).click();
  expect(await storyText.textContent()).toBe(LONG_STORY);
  await page.getByRole('button', { name: 'Show less' }).click();
  expect(await storyText.textContent()).toBe(preview);

  // The name step: empty is refused, Cancel goes back, Enter accepts.
  await page.getByRole('button', { name: 'Add your voice' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Please enter your name to upload recordings').waitFor();
  await shots.page(page, 'name-required-en');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add your voice' }).click();
  await page.getByLabel('Your name').fill('  Liisa ');
  await page.getByLabel('Your name').press('Enter');
  await page.getByRole('heading', { name: 'Hi Liisa!' }).waitFor();
  await shots.page(page, 'named-en');

  // Under a second: the page's own words, nothing sent. Stop is pressed from inside the page the
  // moment it shows, so no round trip from this process (slow on a busy machine) lengthens the take.
  await page.getByRole('button', { name: 'Record', exact: true }).evaluate(
    (record) =>
      new Promise<void>((resolve) => {
        (record as HTMLButtonElement).click();
        const pressStop = () => {
          const stop = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Stop');
          if (!stop) return void requestAnimationFrame(pressStop);
          stop.click();
          resolve();
        };
        pressStop();
      }),
  );
  await page.getByText('Recording too short. Please record for at least 1 second.').first().waitFor();
  await page.getByText('Recording Error').first().waitFor();
  expect(await contributionsOf(story.id)).toEqual([]);

  // A take with a pause: the timer stands still while paused.
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const timer = page.getByRole('timer', { name: 'Recording time' });
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/^0:0[2-9]$/);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByText('Paused', { exact: true }).waitFor();
  const pausedAt = await timer.textContent();
  await shots.page(page, 'paused-en');
  // Past a tick the running clock would have made (timed in the page).
  await pastPageTimers(page, 1500);
  expect(await timer.textContent()).toBe(pausedAt);
  // Leaving mid-take asks first; staying keeps the take.
  await page.getByRole('link', { name: 'Saaga' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await leave.getByText('Your recording has not been sent yet.').waitFor();
  await shots.page(page, 'leave-en');
  await leave.getByRole('button', { name: 'Cancel' }).click();
  expect(new URL(page.url()).pathname).toBe(`/co-author/${token}`);
  expect(await timer.textContent()).toBe(pausedAt);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/^0:0[4-9]$/);
  await shots.page(page, 'recording-en');
  await page.getByRole('button', { name: 'Stop' }).click();
  // Done: the page says so, and a toast too.
  await page.getByRole('button', { name: 'Record another' }).waitFor({ timeout: 30_000 });
  await page.locator('main').getByText('Upload successful').waitFor();
  await page.locator('main').getByText('Transcribing in background...').waitFor();
  await page.getByRole('status').filter({ hasText: 'Notification' }).filter({ hasText: 'Upload successful' }).waitFor();
  await shots.page(page, 'done-en');

  // The contribution, transcribed, under "Your contributions"; the device keeps the key and the name.
  const yours = page.getByRole('region', { name: 'Your contributions' });
  await yours.getByText(/“And so my fellow Americans.*”/).waitFor({ timeout: 30_000 });
  await yours.getByText(/^\d+ words$/).waitFor();
  await yours.getByText('by Liisa').waitFor();
  await shots.page(page, 'contribution-en');
  const [first] = await contributionsOf(story.id);
  expect(first).toMatchObject({ contributorName: 'Liisa', coAuthorTokenId: tokenRow.id, userId, processingStatus: 'transcribed' });
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), contributorStorageKey(token)))!);
  expect(stored).toMatchObject({ name: 'Liisa', key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

  // Delete, after confirming.
  await yours.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this recording?' });
  await shots.page(page, 'delete-confirm-en');
  await confirm.getByRole('button', { name: 'Delete recording' }).click();
  await page.getByText('Recording deleted').first().waitFor();
  await expect.poll(() => yours.count(), WAIT).toBe(0);
  expect(await contributionsOf(story.id)).toEqual([]);

  // And again. The server refuses it as silent first: the page's words, and Try Again starts over.
  const uploads = `${server.url}/api/co-author/${token}/recordings`;
  await page.route(uploads, (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ code: 'no_speech', message: 'No speech detected in the recording.' }) }),
  );
  await page.getByRole('button', { name: 'Record another' }).click();
  await record(page, 2, expect);
  const failure = page.locator('main').getByRole('alert');
  await failure.getByText('Recording Error').waitFor({ timeout: 30_000 });
  await failure.getByText('No speech detected. Please try recording again.').waitFor();
  await failure.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('button', { name: 'Record', exact: true }).waitFor();
  // Then the server is down: the take is kept, and Try Again sends the same one.
  await page.unroute(uploads);
  await page.route(uploads, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'Service unavailable' }) }),
  );
  await record(page, 3, expect);
  await failure.getByText('Upload failed').waitFor({ timeout: 30_000 });
  await failure.getByText("Something went wrong on Saaga's side. Please try again later.").waitFor();
  await shots.page(page, 'upload-failed-en');
  expect(await contributionsOf(story.id)).toEqual([]);
  await page.unroute(uploads);
  await failure.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('button', { name: 'Record another' }).waitFor({ timeout: 30_000 });
  await yours.getByText(/“And so my fellow Americans.*”/).waitFor({ timeout: 30_000 });
  const [second] = await contributionsOf(story.id);
  expect(second.contributorName).toBe('Liisa');

  // Coming back on the same device: greeted by name.
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome back, Liisa!' }).waitFor();

  // A stranger who types the same name in another browser: listed as someone else's, no Delete.
  const stranger = await visitor(browser);
  await stranger.page.goto(url);
  await stranger.page.getByRole('button', { name: 'Add your voice' }).click();
  await stranger.page.getByLabel('Your name').fill('Liisa');
  await stranger.page.getByRole('button', { name: 'Continue' }).click();
  const others = stranger.page.getByRole('region', { name: 'Other contributions' });
  await others.getByText('by Liisa').waitFor();
  expect(await stranger.page.getByRole('region', { name: 'Your contributions' }).count()).toBe(0);
  expect(await stranger.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  await shots.page(stranger.page, 'stranger-en');
  // Nor does the API let it: the name alone is not enough.
  const refused = await stranger.context.request.delete(`${server.url}/api/co-author/${token}/recordings/${second.id}`, {
    data: { contributorName: 'Liisa' },
    headers: { origin: server.url },
  });
  expect(refused.ok()).toBe(false);
  expect(await contributionsOf(story.id)).toHaveLength(1);

  // The owner sees the contribution among the story's recordings, with the Co-author badge and the name.
  await owner.reload();
  await owner.getByText('Co-author: Liisa').waitFor();
  const [ownerStory] = await server.database.db.select().from(stories).where(eq(stories.id, story.id));
  expect(ownerStory.hasNewRecordings).toBe(true);
  await owner.getByText('Co-author: Liisa').scrollIntoViewIfNeeded();
  await shots.page(owner, 'owner-badge-en');

  // The owner deletes the link, after confirming: it stops working, the contribution stays.
  await owner.getByRole('button', { name: 'Delete link' }).click();
  const deleteLink = owner.getByRole('alertdialog', { name: 'Delete the sharing link?' });
  await deleteLink.getByText('Recordings already added through it stay on the story.').waitFor();
  await shots.page(owner, 'delete-link-confirm-en');
  await deleteLink.getByRole('button', { name: 'Delete link' }).click();
  await owner.getByText('Sharing link deleted').first().waitFor();
  await owner.getByRole('button', { name: 'Create link' }).waitFor();
  expect(await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id))).toEqual([]);
  expect(await contributionsOf(story.id)).toHaveLength(1);

  await page.reload();
  await page.getByRole('heading', { name: 'Invalid or expired link' }).waitFor();
  await page.getByText('This collaboration link has expired').waitFor();
  await shots.page(page, 'invalid-en');

  await relative.context.close();
  await stranger.context.close();
  await owner.context().close();
}, 240_000);

it.concurrent('in Finnish: the page speaks the story’s language, a silent take is refused, and others’ contributions show in Finnish', async ({ expect }) => {
  const { page: owner, userId } = await signedInPage(browser, server, 'co-author-fi@example.com', { language: 'fi' });
  const story = await seeder(server.database.db).story(userId, { title: 'Kesät mökillä', content: 'Joka kesä ajoimme pohjoiseen järven rantaan.', language: 'fi' });
  await owner.goto(`${server.url}/library/${story.id}`);
  await owner.getByRole('heading', { name: 'Jakolinkki' }).waitFor();
  await owner.getByRole('button', { name: 'Luo linkki' }).click();
  await owner.getByText('Jakolinkki luotu').first().waitFor();
  const url = await owner.getByRole('textbox', { name: 'Jakolinkki' }).inputValue();
  // The Clipboard API refused: copied through the text area instead.
  await owner.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  const copied = await inClipboardTurn(async () => {
    await owner.getByRole('button', { name: 'Kopioi' }).click();
    await owner.getByText('Jakolinkki kopioitu').first().waitFor();
    await owner.context().grantPermissions(['clipboard-read']);
    return owner.evaluate(() => navigator.clipboard.readText());
  });
  expect(copied).toBe(url);
  await owner.getByRole('heading', { name: 'Jakolinkki' }).scrollIntoViewIfNeeded();
  await shots.page(owner, 'card-link-fi');
  const [tokenRow] = await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id));
  // Someone else's contribution, already written down.
  await seeder(server.database.db).recording(userId, {
    storyId: story.id,
    contributorName: 'Eino',
    coAuthorTokenId: tokenRow.id,
    transcription: 'Muistan sen kesän hyvin.',
    duration: 65,
    createdAt: new Date('2026-03-05T12:00:00Z'),
  });

  // An English browser: the page still speaks the story's Finnish.
  const { page } = await visitor(silentBrowser, 'en');
  await page.goto(url);
  await page.getByRole('heading', { name: 'Kesät mökillä', level: 1 }).waitFor();
  await page.getByText('Aino pyytää apuasi tämän tarinan kertomiseen').waitFor();
  expect(await page.getByRole('button', { name: 'Lue lisää' }).count()).toBe(0);
  const others = page.getByRole('region', { name: 'Muiden lisäykset' });
  await others.getByText('”Muistan sen kesän hyvin.”').waitFor();
  await others.getByText('4 sanaa').waitFor();
  await others.getByText('1:05').waitFor();
  await others.getByText('5.3.2026').waitFor();
  await others.getByText('Eino', { exact: true }).waitFor();
  await shots.page(page, 'page-fi');

  await page.getByRole('button', { name: 'Lisää oma äänesi' }).click();
  await page.getByRole('button', { name: 'Jatka' }).click();
  await page.getByText('Kirjoita nimesi, jotta voit lähettää nauhoituksia').waitFor();
  await page.getByLabel('Nimesi').fill('Matti');
  await page.getByRole('button', { name: 'Jatka' }).click();
  await page.getByRole('heading', { name: 'Hei, Matti!' }).waitFor();
  await shots.page(page, 'named-fi');

  // The fake microphone is silent here: refused before anything is sent.
  await page.getByRole('button', { name: 'Nauhoita', exact: true }).click();
  const timer = page.getByRole('timer', { name: 'Nauhoitusaika' });
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/^0:0[2-9]$/);
  await shots.page(page, 'recording-fi');
  await page.getByRole('button', { name: 'Lopeta' }).click();
  await page.getByText('Puhetta ei havaittu. Yritä nauhoittaa uudelleen.').first().waitFor({ timeout: 15_000 });
  await page.getByText('Nauhoitusvirhe').first().waitFor();
  await shots.page(page, 'silent-fi');
  const rows = await server.database.db
    .select()
    .from(recordings)
    .where(and(eq(recordings.storyId, story.id), eq(recordings.contributorName, 'Matti')));
  expect(rows).toEqual([]);
  await page.getByRole('button', { name: 'Nauhoita', exact: true }).waitFor();

  // A link that is not one: the invalid-link view, in the browser's own language (the story's was only for its page).
  await page.goto(`${server.url}/co-author/${'x'.repeat(43)}`);
  await page.getByRole('heading', { name: 'Invalid or expired link' }).waitFor();
  await shots.page(page, 'invalid-other');
  await page.context().close();
  await owner.context().close();
}, 180_000);
