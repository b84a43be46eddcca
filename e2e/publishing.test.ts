import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ExpectStatic, it } from 'vitest';
import { createEngines } from '../server/ai/engines.ts';
import { takeLease } from '../server/jobs/leases.ts';
import { transcribeRecordingJob } from '../server/pipeline/transcribe-recording-job.ts';
import { startFakeOpenAi } from '../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../test/support/engines.ts';
import { seeder } from '../test/support/seed.ts';
import { startTestApp, type TestApp } from '../test/support/test-app.ts';
import { CLIENT_DIR } from './support/built-client.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Publishing at phone size: the owner publishes a written story with narration (the local
// espeak-ng narrator) and watches the progress reach complete, copies the link; a signed-out
// reader opens the page, plays the narration and finds the share buttons; the page reads
// with JavaScript off; an unknown link is "Story Not Found"; an edit after publishing is
// noted on the card until Republish; Unpublish after asking takes the page away. Once in Finnish.
const PHONE = { width: 390, height: 844 };

let server: TestApp;
let browser: Browser;

// No key and no models: the transcriber and writer are not needed (the stories are
// seeded written); the narrator is the local one, which needs no model.
useBrowserApp(
  { engines: () => createEngines({ modelsDir: mkdtempSync(path.join(tmpdir(), 'saaga-publishing-')), transcriber: 'local', writer: 'local', narrator: 'local' }) },
  (app) => ({ server, browser } = app),
);

/** What the phone's screen shows (390×844), or with { fullPage: true } the whole page. */
const shots = screenshots('publishing');

/** A signed-out reader's own browser, with its own cache (a public page is cached a minute). */
async function readerPage(locale: 'en-US' | 'fi-FI' = 'en-US', options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: PHONE, locale, ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  return { page, context };
}

/**
 * Watches the card's progress bar until it reads 100 and gives every value it showed; the
 * bar must only ever move forward through the spec's stages.
 */
async function watchProgress(expect: ExpectStatic, page: Page, timeout: number, shotName?: string): Promise<number[]> {
  const bar = page.getByRole('progressbar', { name: /Publishing|Julkaistaan/ });
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const now = Number(await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => NaN));
        if (!Number.isNaN(now) && seen.at(-1) !== now) {
          seen.push(now);
          // The first stage caught on its way, as the person sees it.
          if (shotName && now < 100 && seen.length === 1) await shots.page(page, shotName);
        }
        return seen.at(-1);
      },
      { timeout, interval: 100 },
    )
    .toBe(100);
  expect(seen.every((value) => [10, 30, 60, 90, 100].includes(value))).toBe(true);
  expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  return seen;
}

/** The player's position (the slider's value, seconds) moves on once Play is pressed. */
async function playsNarration(expect: ExpectStatic, page: Page, playLabel: string) {
  const slider = page.getByRole('slider');
  expect(Number(await slider.inputValue())).toBe(0);
  await page.getByRole('button', { name: playLabel }).click();
  await expect.poll(async () => Number(await slider.inputValue()), { timeout: 15_000 }).toBeGreaterThan(0.3);
}

// The tests run side by side, each with its own user, story, page and `expect` (the last on
// a server and fake of its own): most of their time is the narration's stages and the page's
// round trips, and one after another they left the core idle.
it.concurrent('the owner publishes with narration; a reader plays it and shares; edited, republished, unpublished', async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'publisher@example.com');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.context().request.put(`${server.url}/api/auth/author-name`, { data: { authorName: 'Aino Virtanen' }, headers: { origin: server.url } });
  const seed = seeder(server.database.db);
  const content = 'We rowed across the lake every morning.\nThe water was still and cold.\n\nIn the evenings we sat on the pier and listened to the loons.';
  const story = await seed.story(userId, { title: 'A summer at the lake', content, temporalType: 'year', year: 1985 });
  const other = await seed.story(userId, { title: 'The pier', content: 'My father built the pier.' });

  await page.goto(`${server.url}/library/${story.id}`);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Publish', exact: true }) });
  await card.scrollIntoViewIfNeeded();
  const narration = card.getByRole('switch', { name: 'Narration' });
  expect(await narration.getAttribute('aria-checked')).toBe('true');
  // The server's narrator is the local one: it speaks with its own voice, so no voice is offered.
  await card.getByText("This server's narrator speaks with its own voice in the story's language.").waitFor();
  expect(await card.getByLabel('Voice', { exact: true }).count()).toBe(0);
  await card.getByLabel('Speed').waitFor();
  await shots.page(page, 'card-en');

  // The link is checked as the server checks it, before anything is sent.
  const slug = card.getByLabel('Custom link (optional)');
  await slug.fill('Summer at the Lake');
  await card.getByRole('button', { name: 'Publish' }).click();
  await card.getByText('Use lowercase letters a-z, digits and hyphens.').waitFor();
  await shots.page(page, 'slug-error-en');
  await slug.fill('  summer-at-the-lake ');
  await card.getByRole('button', { name: 'Publish' }).click();

  // Progress follows the request and then the narration job, to complete.
  const seen = await watchProgress(expect, page, 90_000, 'progress-en');
  console.info('publish progress seen', seen);
  expect(seen.at(-1)).toBe(100);
  await card.getByText('Complete', { exact: true }).waitFor();
  await page.getByText('Story published', { exact: true }).waitFor();
  await card.getByText('The narration is ready.').waitFor();
  const url = `${server.url}/published/summer-at-the-lake`;
  expect(await card.getByTestId('public-url').textContent()).toBe(url);
  await card.getByText(/^Published .*(ago|now)$/).waitFor();
  await shots.page(page, 'published-en');

  // Copy puts the link on the clipboard.
  await card.getByRole('button', { name: 'Copy the public link' }).click();
  await page.getByText('Link copied to clipboard', { exact: true }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  expect(await card.getByRole('link', { name: 'Open link' }).getAttribute('href')).toBe(url);

  // Another story cannot take the same link.
  await page.goto(`${server.url}/library/${other.id}`);
  const otherCard = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Publish', exact: true }) });
  await otherCard.getByLabel('Custom link (optional)').fill('summer-at-the-lake');
  await otherCard.getByRole('switch', { name: 'Narration' }).click();
  await otherCard.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publishing Failed', { exact: true }).waitFor();
  await page.getByText('This link is already used by another story. Choose another one.', { exact: true }).waitFor();
  // What was typed stays, to choose another.
  expect(await otherCard.getByLabel('Custom link (optional)').inputValue()).toBe('summer-at-the-lake');
  expect(await otherCard.getByRole('switch', { name: 'Narration' }).getAttribute('aria-checked')).toBe('false');
  await shots.page(page, 'slug-taken-en');
  // Another link, and no narration: complete at once.
  await otherCard.getByLabel('Custom link (optional)').fill('the-pier');
  await otherCard.getByRole('button', { name: 'Publish' }).click();
  await watchProgress(expect, page, 30_000);
  await otherCard.getByText('Published without narration.').waitFor();
  expect(await otherCard.getByTestId('public-url').textContent()).toBe(`${server.url}/published/the-pier`);
  await page.goBack();
  await page.waitForURL(new RegExp(`/library/${story.id}$`));
  await card.getByTestId('public-url').waitFor();

  // A signed-out reader: the story, the narration playing, the share buttons.
  const reader = await readerPage();
  await reader.page.goto(url);
  await reader.page.getByRole('heading', { level: 1, name: 'A summer at the lake' }).waitFor();
  await reader.page.getByText('By Aino Virtanen').waitFor();
  await reader.page.getByText(/^Published .*(ago|now)$/).waitFor();
  await reader.page.getByText('1 min read').waitFor();
  await reader.page.getByText('1985', { exact: true }).waitFor();
  const text = await reader.page.locator('main [lang="en"].whitespace-pre-line').innerText();
  expect(text).toContain('We rowed across the lake every morning.\nThe water was still and cold.');
  expect(await reader.page.title()).toBe('A summer at the lake · Saaga');
  await playsNarration(expect, reader.page, 'Play');
  await reader.page.getByRole('button', { name: 'Pause' }).click();
  // Each named by what it shows, described by what it does.
  for (const [name, description] of [['X', 'Share on X'], ['Facebook', 'Share on Facebook'], ['LinkedIn', 'Share on LinkedIn'], ['WhatsApp', 'Share on WhatsApp'], ['E-mail', 'Share by e-mail']]) {
    expect(await reader.page.getByRole('link', { name, exact: true }).getAttribute('title')).toBe(description);
  }
  expect(await reader.page.getByRole('link', { name: 'X', exact: true }).getAttribute('href')).toContain(encodeURIComponent(url));
  const mail = new URLSearchParams((await reader.page.getByRole('link', { name: 'E-mail', exact: true }).getAttribute('href'))!.split('?')[1]);
  expect(mail.get('subject')).toBe('A summer at the lake');
  expect(mail.get('body')).toBe(`We rowed across the lake every morning. The water was still and cold. In the evenings we sat on the pier and listened to the loons.\n\n${url}`);
  await reader.page.getByRole('button', { name: 'Copy link' }).waitFor();
  await reader.page.getByRole('link', { name: 'Saaga' }).waitFor();
  await shots.page(reader.page, 'public-en', { fullPage: true });

  // With JavaScript off the server's page still has the title and the text.
  const noScript = await readerPage('en-US', { javaScriptEnabled: false });
  await noScript.page.goto(url);
  await noScript.page.getByRole('heading', { level: 1, name: 'A summer at the lake' }).waitFor();
  expect(await noScript.page.locator('body').innerText()).toContain('In the evenings we sat on the pier and listened to the loons.');
  await shots.page(noScript.page, 'public-no-js-en', { fullPage: true });
  await noScript.context.close();

  // An unknown link.
  await reader.page.goto(`${server.url}/published/no-such-story`);
  await reader.page.getByRole('heading', { name: 'Story Not Found' }).waitFor();
  await reader.page.getByText("The story you're looking for doesn't exist or has been unpublished.").waitFor();
  await shots.page(reader.page, 'not-found-en', { fullPage: true });
  await reader.page.getByRole('link', { name: 'Go to the home page' }).click();
  await reader.page.waitForURL(`${server.url}/`);
  await reader.page.goBack();
  await reader.page.getByRole('heading', { name: 'Story Not Found' }).waitFor();
  // Reached inside the app (no server-rendered copy in the page): the story is asked for,
  // with a skeleton meanwhile (the answer is held here until it has been seen).
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await reader.page.route('**/api/published/summer-at-the-lake', async (route) => {
    await answered;
    await route.continue();
  });
  await reader.page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, '/published/summer-at-the-lake');
  await reader.page.getByLabel('Loading the story').waitFor();
  await shots.page(reader.page, 'loading-en');
  answer();
  await reader.page.getByRole('heading', { level: 1, name: 'A summer at the lake' }).waitFor();
  await reader.page.getByRole('button', { name: 'Play' }).waitFor();
  await reader.context.close();

  // A browser that refuses the clipboard and the copy command: the link is shown selected to copy by hand.
  const refused = await readerPage();
  await refused.page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('refused')) } });
    document.execCommand = () => false;
  });
  await refused.page.goto(url);
  await refused.page.getByRole('button', { name: 'Copy link' }).click();
  await refused.page.getByText('Failed to copy link to clipboard', { exact: true }).waitFor();
  const fallback = refused.page.getByRole('textbox', { name: 'Link to this story' });
  expect(await fallback.inputValue()).toBe(url);
  expect(await fallback.evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd))).toBe(url);
  await shots.page(refused.page, 'copy-refused-en');
  await refused.context.close();

  // An edit after publishing: the card says the public page keeps the published version.
  await page.getByRole('button', { name: 'A summer at the lake' }).click();
  await page.getByLabel('Title').fill('A summer at the lake, 1985');
  await page.getByLabel('Title').press('Enter');
  await page.getByText('Story title updated', { exact: true }).waitFor();
  await card.getByText('Edited since publishing: the public page shows the published version until you republish.').waitFor();
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'outdated-en');
  const before = await readerPage();
  await before.page.goto(url);
  await before.page.getByRole('heading', { level: 1, name: 'A summer at the lake' }).waitFor();
  await before.context.close();

  // Republish keeps the link and makes the narration again.
  await card.getByRole('button', { name: 'Republish' }).click();
  await watchProgress(expect, page, 90_000);
  await card.getByText('The narration is ready.').waitFor();
  expect(await card.getByText(/^Edited since publishing/).count()).toBe(0);
  expect(await card.getByTestId('public-url').textContent()).toBe(url);
  const after = await readerPage();
  await after.page.goto(url);
  await after.page.getByRole('heading', { level: 1, name: 'A summer at the lake, 1985' }).waitFor();
  await after.context.close();

  // Unpublish asks first; Cancel keeps the page.
  await card.getByRole('button', { name: 'Unpublish' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Unpublish this story?' });
  await confirm.waitFor();
  await shots.page(page, 'unpublish-en');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await card.getByTestId('public-url').waitFor();
  await card.getByRole('button', { name: 'Unpublish' }).click();
  await confirm.getByRole('button', { name: 'Unpublish' }).click();
  await page.getByText('Story unpublished', { exact: true }).waitFor();
  await card.getByLabel('Custom link (optional)').waitFor();
  await shots.page(page, 'unpublished-en');
  const gone = await readerPage();
  await gone.page.goto(url);
  await gone.page.getByRole('heading', { name: 'Story Not Found' }).waitFor();
  await gone.context.close();
  // Two narrations (published, then republished) on the local narrator, which the other tests'
  // narrations share: 32-50 s alone, past 120 s once beside an engine-heavy file on two cores.
}, 240_000);

it.concurrent('a story still being written cannot be published yet, and says why', async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'still-writing@example.com');
  const seed = seeder(server.database.db);
  const story = await seed.story(userId, { title: 'The pier', content: 'My father built the pier.', processingStatus: 'processing' });
  // Still being written because a live worker is transcribing its recording (the lease is
  // held): recovery, every 15 s, would otherwise queue the story and write it under the test.
  const recording = await seed.recording(userId, { storyId: story.id, processingStatus: 'transcribing', transcription: null });
  expect(await takeLease(server.database.db, transcribeRecordingJob.entityOf({ recordingId: recording.id }), 'a live worker', 10 * 60_000)).toBe(true);
  await page.goto(`${server.url}/library/${story.id}`);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Publish', exact: true }) });
  await card.getByText('This story is still being written. You can publish it once it is ready.').waitFor();
  expect(await card.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'still-writing-en');
});

it.concurrent('in Finnish: the card, its progress and a Finnish reader’s page', async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'julkaisija@example.com', { language: 'fi' });
  const story = await seeder(server.database.db).story(userId, {
    title: 'Kesä järvellä',
    content: 'Soudimme järven yli joka aamu.\nVesi oli tyyni ja kylmä.',
    language: 'fi',
    temporalType: 'month_year',
    month: 7,
    year: 1985,
  });
  await page.goto(`${server.url}/library/${story.id}`);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Julkaise', exact: true }) });
  await card.getByRole('switch', { name: 'Äänikerronta' }).waitFor();
  await card.getByText('Jos jätät tyhjäksi, linkki tehdään otsikosta.').waitFor();
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'card-fi');
  await card.getByRole('button', { name: 'Julkaise' }).click();
  await watchProgress(expect, page, 90_000, 'progress-fi');
  await card.getByText('Valmis', { exact: true }).waitFor();
  await card.getByText('Äänikerronta on valmis.').waitFor();
  await card.getByText(/^Julkaistu (?!nimellä)/).waitFor();
  // Empty link: one made from the title.
  const url = (await card.getByTestId('public-url').textContent())!;
  expect(url).toMatch(new RegExp(`^${server.url}/published/[a-z0-9-]+$`));
  expect(url).toContain('kesa');
  await shots.page(page, 'published-fi');

  const reader = await readerPage('fi-FI');
  await reader.page.goto(url);
  await reader.page.getByRole('heading', { level: 1, name: 'Kesä järvellä' }).waitFor();
  await reader.page.getByText(/^Julkaistu /).waitFor();
  await reader.page.getByText('1 min lukuaika').waitFor();
  await reader.page.getByText('heinäkuu 1985').waitFor();
  expect(await reader.page.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('title')).toBe('Jaa WhatsAppissa');
  await reader.page.getByRole('button', { name: 'Kopioi linkki' }).waitFor();
  await playsNarration(expect, reader.page, 'Toista');
  await shots.page(reader.page, 'public-fi', { fullPage: true });
  await reader.page.goto(`${server.url}/published/ei-ole`);
  await reader.page.getByRole('heading', { name: 'Tarinaa ei löytynyt' }).waitFor();
  await reader.page.getByText('Etsimääsi tarinaa ei ole olemassa tai sen julkaisu on peruttu.').waitFor();
  await shots.page(reader.page, 'not-found-fi', { fullPage: true });
  await reader.context.close();

  await card.getByRole('button', { name: 'Peru julkaisu' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Perutaanko tarinan julkaisu?' });
  await confirm.getByRole('button', { name: 'Peru julkaisu' }).click();
  await page.getByText('Tarinan julkaisu peruttu', { exact: true }).waitFor();
  await card.getByLabel('Oma linkki (valinnainen)').waitFor();
});

it.concurrent("with OpenAI's narrator: its voices offered, the chosen voice and speed sent, the generating stage shown, a failed narration said and tried again", async ({ expect }) => {
  const fake = await startFakeOpenAi();
  const openAi = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { clientDir: CLIENT_DIR, engines: fakeOpenAiEngines(fake) });
  try {
    const { page, userId } = await signedInPage(browser, openAi, 'voices@example.com');
    const story = await seeder(openAi.database.db).story(userId, { title: 'The pier', content: 'My father built the pier the summer I turned seven.' });
    await page.goto(`${openAi.url}/library/${story.id}`);
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Publish', exact: true }) });
    await card.getByLabel('Voice', { exact: true }).click();
    await page.getByRole('option', { name: 'Nova' }).click();
    await card.getByLabel('Speed').click();
    await page.getByRole('option', { name: '1.25×' }).click();
    await card.scrollIntoViewIfNeeded();
    await shots.page(page, 'voices-en');
    expect(await card.getByText("This server's narrator speaks with its own voice").count()).toBe(0);
    // The narrator is held while it speaks: the card says so, at 60.
    const held = fake.hold('speech');
    await card.getByRole('button', { name: 'Publish' }).click();
    const bar = card.getByRole('progressbar', { name: 'Publishing' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('60');
    await card.getByText('Generating narration', { exact: true }).waitFor();
    await card.getByText('The narration is being made.').waitFor();
    await shots.page(page, 'progress-generating-en');
    held.release();
    await watchProgress(expect, page, 60_000);
    await card.getByText('The narration is ready.').waitFor();
    const spoken = fake.requestsTo('speech');
    expect(spoken.length).toBeGreaterThan(0);
    expect(spoken.every((request) => request.json.voice === 'nova' && request.json.speed === 1.25)).toBe(true);

    // A narration that fails: the text stays public, the card says why and offers Republish.
    fake.fail('speech', 401);
    await card.getByRole('button', { name: 'Unpublish' }).waitFor();
    await page.context().request.post(`${openAi.url}/api/stories/${story.id}/publish`, {
      data: { customSlug: null, generateAudio: true, ttsOptions: { voice: 'nova', speed: 1.25 } },
      headers: { origin: openAi.url },
    });
    await page.reload();
    const failure = card.getByRole('alert').filter({ hasText: 'The narration could not be made' });
    await failure.getByText('AI service authentication failed. Please contact support.', { exact: false }).waitFor({ timeout: 30_000 });
    await card.scrollIntoViewIfNeeded();
    await shots.page(page, 'narration-failed-en');
    await failure.getByRole('button', { name: 'Republish' }).click();
    await watchProgress(expect, page, 60_000);
    await card.getByText('The narration is ready.').waitFor();
    expect(fake.refused.map((refusal) => refusal.status)).toEqual([401]);
    expect(fake.errors).toEqual([]);
  } finally {
    await openAi.close();
    await fake.close();
  }
});
