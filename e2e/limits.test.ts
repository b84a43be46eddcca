import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_TRANSCRIPTION_PATH } from '../contract/live.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The limits as a person meets them (decision 029), in Chromium with the fake microphone
// speaking a clip: live text refused because the account's live streams are all open is
// the quiet "no live text" note and the recording goes on; an upload refused by the hour's
// quota says so in the person's language and keeps the take to send again.

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, env: { UPLOADS_PER_HOUR: '1', LIVE_STREAMS_PER_ACCOUNT: '1' } }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.realtime.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do.', people: [], locations: [], dates: [], storyType: 'other' });
});

const shots = screenshots('limits');

async function recordFor(page: Page, seconds: number) {
  const timer = page.getByRole('timer');
  await timer.waitFor({ timeout: 15_000 });
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(new RegExp(`00:0[${seconds}-9]`));
}

/** A live stream of the page's account opened elsewhere (another window), held until closed. */
async function liveStreamElsewhere(page: Page): Promise<WebSocket> {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'saaga_session');
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${LIVE_TRANSCRIPTION_PATH}`, {
    headers: { cookie: `saaga_session=${session?.value}`, origin: server.url },
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return socket;
}

it('with live text on elsewhere, the recorder says live text is not available and records on; the take uploads', async () => {
  const { page } = await signedInPage(browser, server, 'two-windows@example.com', { microphone: true });
  const elsewhere = await liveStreamElsewhere(page);
  try {
    // The recorder starts by itself only after a press of Record (decision 032).
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByText('Live text is not available right now. Your recording goes on as usual.').waitFor({ timeout: 15_000 });
    await recordFor(page, 3);
    expect(await page.locator('[data-phase]').getAttribute('data-phase')).toBe('recording');
    await shots.page(page, 'live-refused-en');
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('radio', { name: 'A new story' }).check();
    await page.getByLabel('Story title').fill('Two windows');
    await page.getByRole('button', { name: 'Add recording' }).click();
    await page.getByRole('progressbar', { name: 'Progress' }).waitFor({ timeout: 15_000 });
  } finally {
    elsewhere.close();
  }
});

for (const [language, words] of [
  ['en', { record: 'Start recording', stop: 'Stop', newStory: 'A new story', title: 'Story title', confirm: 'Add recording', refused: 'You have sent as many recordings as one hour allows. Please send this one again later.', back: 'Back', stay: 'Stay' }],
  ['fi', { record: 'Aloita nauhoitus', stop: 'Lopeta', newStory: 'Uuteen tarinaan', title: 'Tarinan otsikko', confirm: 'Lisää nauhoitus', refused: 'Olet lähettänyt niin monta nauhoitusta kuin tunnissa voi. Lähetä tämä myöhemmin uudelleen.', back: 'Takaisin', stay: 'Jää tälle sivulle' }],
] as const) {
  it(`an upload past the hour's quota is refused in ${language}, and the take stays to send again`, async () => {
    const { page } = await signedInPage(browser, server, `hourly-${language}@example.com`, { language, microphone: true });
    // The hour's one upload is used (an attempt counts, even one that is no form).
    const used = await page.context().request.post(`${server.url}/api/recordings`, { data: {}, headers: { origin: server.url } });
    expect(used.status()).toBe(400);

    await page.goto(server.url);
    await page.getByRole('button', { name: words.record }).click();
    await recordFor(page, 3);
    await page.getByRole('button', { name: words.stop }).click();
    await page.getByRole('radio', { name: words.newStory }).check();
    await page.getByLabel(words.title).fill('Later');
    await page.getByRole('button', { name: words.confirm }).click();
    await page.getByText(words.refused).first().waitFor({ timeout: 15_000 });
    await shots.page(page, `upload-refused-${language}`);
    // Still at the chooser with the take and the title typed: it can be sent again as it was.
    expect(await page.getByLabel(words.title).inputValue()).toBe('Later');
    await expect.poll(() => page.getByRole('button', { name: words.confirm }).isEnabled(), WAIT).toBe(true);
    // Back asks before the take could be lost; staying keeps everything as it was.
    await page.getByRole('button', { name: words.back }).click();
    await page.getByRole('button', { name: words.stay }).click();
    expect(await page.getByLabel(words.title).inputValue()).toBe('Later');
  });
}
