import type { Browser, Page } from 'playwright-core';
import { type ExpectStatic, it } from 'vitest';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { countMicrophoneOpens, microphoneOpened, pastAutomaticStart } from './support/microphone-count.ts';
import { screenshots } from './support/screenshots.ts';

// The microphone turns on only when the person presses Record: Back from the story a take
// became, a reload of the post-upload screen or of the recorder never opens it, and leaves
// no "A recording was not saved" card behind. Each page counts its calls of getUserMedia.
const shots = screenshots('microphone-on-press');

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do.', people: [], locations: [], dates: [], storyType: 'other' });
});

const WORDS = {
  en: { record: 'Start recording', stop: 'Stop', newStory: 'A new story', title: 'Story title', add: 'Add recording', ready: 'Your story is ready!', processing: 'Processing your recording', skip: 'Skip', tapToRecord: 'Tap to record', unsaved: 'A recording was not saved', back: 'Back', discard: 'Discard the recording' },
  fi: { record: 'Aloita nauhoitus', stop: 'Lopeta', newStory: 'Uuteen tarinaan', title: 'Tarinan otsikko', add: 'Lisää nauhoitus', ready: 'Tarinasi on valmis!', processing: 'Nauhoitustasi käsitellään', skip: 'Ohita', tapToRecord: 'Aloita nauhoitus napauttamalla', unsaved: 'Nauhoitus jäi tallentamatta', back: 'Takaisin', discard: 'Hylkää nauhoitus' },
} as const;
type Language = keyof typeof WORDS;

/** A signed-in page whose every document counts the times it asked for the microphone. */
async function countingPage(email: string, language: Language): Promise<Page> {
  const { page } = await signedInPage(browser, server, email, { language, microphone: true });
  await countMicrophoneOpens(page);
  return page;
}



/** Record from Home for a few seconds and send the take as a new story: the post-upload screen. */
async function recordNewStory(page: Page, words: (typeof WORDS)[Language], expect: ExpectStatic) {
  await page.goto(server.url);
  await page.getByRole('button', { name: words.record }).click();
  const timer = page.getByRole('timer');
  await timer.waitFor(WAIT);
  await expect.poll(() => timer.textContent(), WAIT).toMatch(/00:0[3-9]/);
  await page.getByRole('button', { name: words.stop }).click();
  await page.getByRole('radio', { name: words.newStory }).check(WAIT);
  await page.getByLabel(words.title).fill('Ask not');
  await page.getByRole('button', { name: words.add }).click();
  await page.getByRole('heading', { name: words.ready }).or(page.getByRole('heading', { name: words.processing })).waitFor(WAIT);
}

// The tests side by side: each has its own user and page, the fake's answers are the same
// for all, and most of their time is a take recorded in real time and its story awaited.
// Each asserts with its own `expect` (the global one knows only one running test).
for (const language of ['en', 'fi'] as const) {
  const words = WORDS[language];

  it.concurrent(`${language}: Back from the story a take became goes where the person came from; no microphone, no phantom card`, async ({ expect }) => {
    const page = await countingPage(`back-${language}@example.com`, language);
    await recordNewStory(page, words, expect);
    await page.getByRole('heading', { name: words.ready }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: words.skip }).click();
    await page.waitForURL(/\/library\/\d+$/, WAIT);
    expect(await microphoneOpened(page)).toBe(1);

    await page.goBack();
    await pastAutomaticStart(page);
    // Home, where the person pressed Record; the microphone stayed off.
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await microphoneOpened(page)).toBe(1);
    await page.getByRole('button', { name: words.record }).waitFor(WAIT);
    await page.reload();
    await page.getByRole('button', { name: words.record }).waitFor(WAIT);
    await pastAutomaticStart(page);
    expect(await page.getByRole('region', { name: words.unsaved }).count()).toBe(0);
    await shots.page(page, `back-home-${language}`);

    // Forward to a recorder left by Back: it waits for Record.
    await page.getByRole('button', { name: words.record }).click();
    await page.getByRole('timer').waitFor(WAIT);
    await expect.poll(() => microphoneOpened(page), WAIT).toBe(1);
    await page.locator('[data-phase="recording"]').waitFor(WAIT);
    await page.getByRole('button', { name: words.back }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: words.discard }).click();
    await page.waitForURL(`${server.url}/`, WAIT);
    await page.goForward();
    await page.getByText(words.tapToRecord).waitFor(WAIT);
    await pastAutomaticStart(page);
    expect(await microphoneOpened(page)).toBe(1);
  });

  it.concurrent(`${language}: a reload of the post-upload screen shows that upload, and the recorder reached by history waits for Record`, async ({ expect }) => {
    const page = await countingPage(`reload-${language}@example.com`, language);
    await recordNewStory(page, words, expect);
    await expect.poll(() => new URL(page.url()).searchParams.get('upload'), WAIT).not.toBeNull();

    await page.reload();
    await page.getByRole('heading', { name: words.ready }).or(page.getByRole('heading', { name: words.processing })).waitFor(WAIT);
    await pastAutomaticStart(page);
    expect(await microphoneOpened(page)).toBe(0);
    expect(await page.getByRole('timer').count()).toBe(0);
    await page.getByRole('heading', { name: words.ready }).waitFor({ timeout: 60_000 });
    await shots.page(page, `reloaded-upload-${language}`);

    // The recorder's own address, opened or reloaded: ready, with Record, the microphone off.
    await page.goto(`${server.url}/record`);
    await page.getByText(words.tapToRecord).waitFor(WAIT);
    await pastAutomaticStart(page);
    expect(await microphoneOpened(page)).toBe(0);
    await shots.page(page, `recorder-ready-${language}`);
    await page.getByRole('button', { name: words.record }).click();
    await page.getByRole('timer').waitFor(WAIT);
    await expect.poll(() => microphoneOpened(page), WAIT).toBe(1);
  });
}

it.concurrent('a reload of the post-upload screen of an upload that is gone shows Home', async ({ expect }) => {
  const page = await countingPage('gone@example.com', 'en');
  await page.goto(`${server.url}/record?upload=999999&story=999999&new=1`);
  await page.waitForURL(`${server.url}/`, WAIT);
  await pastAutomaticStart(page);
  expect(await microphoneOpened(page)).toBe(0);
});
