import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../test/support/audio-clips.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../test/support/http-client.ts';
import { settledStory } from '../test/support/pipeline.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { stories } from '../server/db/schema.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';

// Stories made through the API (uploads written by the fake OpenAI server), then a person
// works with them in Chromium: filters, inline title, long-press reorder, links, a year
// span, regeneration, the timeline, and swipe to delete; and once in Finnish.
const JFK = clipTranscript(CLIPS.jfk);
const WRITTEN_ON = new Date('2025-06-14T10:00:00Z');

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;
let audio: Buffer;
let clips: { dir: string; remove: () => Promise<void> };

useBrowserApp({}, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(JFK);
});
beforeAll(async () => {
  clips = await clipDir();
  audio = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
});
afterAll(() => clips?.remove());

const reply = (title: string) => ({
  title,
  content: `${title}. Ask not what your country can do for you, ask what you can do for your country.`,
  people: [],
  locations: [],
  dates: [],
  storyType: 'other' as const,
});

/** A user with three written stories (one with two recordings, one in a chapter) and a person. */
async function seedUser(email: string, language: 'en' | 'fi') {
  const { client: api, id: userId } = await signedUpClient(server.url, email, language);
  const upload = async (title: string, path = '/api/recordings', fields: Record<string, string> = { contextType: 'new_story' }) => {
    fake.setChatReply(reply(title));
    const body = await (await uploadForm(api, path, { appLanguage: language, ...fields }, { bytes: audio, filename: 'recording.webm' })).json();
    if (body.story) await settledStory(api, body.story.id, 60_000);
    return body;
  };
  const lake = (await upload('The lake')).story.id;
  const school = (await upload('First day at school')).story.id;
  const war = (await upload('Leaving Karelia')).story.id;
  await upload('second', `/api/stories/${lake}/recordings`, {});
  await upload('', '/api/recordings', { contextType: 'person', contextName: 'Anna' });
  const chapter = await seeder(server.database.db).chapter(userId, 'Hard years');
  await api.request('PATCH', `/api/stories/${war}/chapter`, { chapterId: chapter.id });
  await api.put(`/api/stories/${lake}/temporal-context`, { temporalType: 'year', year: 1969 });
  await api.put(`/api/stories/${war}/temporal-context`, { temporalType: 'year_span', year: 1939, endYear: 1944 });
  await expect.poll(async () => (await (await api.get(`/api/stories/${lake}/pending-recordings`)).json()).hasPendingRecordings, WAIT).toBe(false);
  // A fixed day of writing, so the dates shown do not depend on when the test runs.
  await server.database.db.update(stories).set({ createdAt: WRITTEN_ON }).where(eq(stories.userId, userId));
  return { api, lake, school, war };
}

async function openAs(api: HttpClient, locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
  const cookie = api.cookie('saaga_session')!;
  await context.addCookies([{ name: 'saaga_session', value: cookie, url: server.url }]);
  return { context, page: await context.newPage() };
}

const splashGone = (page: Page) => page.getByTestId('splash').waitFor({ state: 'detached' });

describe('library, story and recording detail, timeline', () => {
  it('works through the stories in English', async () => {
    const { api, lake, school, war } = await seedUser('aino@example.com', 'en');
    const { context, page } = await openAs(api, 'en-US');

    // Filters with counts.
    await page.goto(`${server.url}/library`);
    await splashGone(page);
    await page.getByRole('link', { name: /^Leaving Karelia\s/ }).waitFor();
    await page.getByRole('button', { name: 'Unassigned 2', exact: true }).click();
    await page.getByRole('link', { name: /^Leaving Karelia\s/ }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /^The lake\s/ }).waitFor();
    await page.getByRole('button', { name: 'In Collections 1', exact: true }).click();
    await page.getByRole('link', { name: /^The lake\s/ }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /^Leaving Karelia\s/ }).waitFor();
    await page.getByRole('button', { name: 'All 3', exact: true }).click();

    // Inline title edit.
    await page.getByRole('link', { name: /^The lake\s/ }).click();
    await page.waitForURL(`**/library/${lake}`);
    await page.getByRole('button', { name: 'The lake', exact: true }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Summers at the lake');
    await title.press('Enter');
    await page.getByRole('heading', { name: 'Summers at the lake' }).waitFor();
    expect((await (await api.get(`/api/stories/${lake}`)).json()).title).toBe('Summers at the lake');

    // Long-press drag: the first recording goes below the second.
    const before = (await (await api.get(`/api/stories/${lake}/with-recordings`)).json()).recordings.map((r: { id: number }) => r.id);
    await page.getByRole('button', { name: 'Drag recording 1' }).evaluate((handle) => handle.scrollIntoView({ block: 'start' }));
    const first = await page.getByRole('button', { name: 'Drag recording 1' }).boundingBox();
    const second = await page.getByRole('button', { name: 'Drag recording 2' }).boundingBox();
    await page.mouse.move(first!.x + first!.width / 2, first!.y + first!.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(900);
    // Past the middle of the second card: one card's height further down.
    const distance = (second!.y - first!.y) * 1.6;
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(first!.x + first!.width / 2, first!.y + first!.height / 2 + (distance * step) / 10);
    }
    await page.mouse.up();
    await expect
      .poll(async () => (await (await api.get(`/api/stories/${lake}/with-recordings`)).json()).recordings.map((r: { id: number }) => r.id))
      .toEqual([before[1], before[0]]);

    // Recording detail: link to another story and a person, set a year span.
    const moving = before[0];
    await page.goto(`${server.url}/library/${lake}/recordings/${moving}`);
    await splashGone(page);
    await page.getByRole('combobox', { name: 'Story' }).click();
    await page.getByRole('option', { name: 'First day at school' }).click();
    await page.getByRole('checkbox', { name: 'Anna' }).check();
    await page.getByRole('combobox', { name: 'Time' }).click();
    await page.getByRole('option', { name: 'Span of years' }).click();
    await page.getByLabel('From year').fill('1965');
    await page.getByLabel('To year').fill('1968');
    await expect
      .poll(async () => {
        const r = await (await api.get(`/api/recordings/${moving}/with-people-places`)).json();
        return [r.storyId, r.people.map((p: { name: string }) => p.name), r.temporalType, r.year, r.endYear];
      }, { timeout: 10_000 })
      .toEqual([school, ['Anna'], 'year_span', 1965, 1968]);

    // Regenerate the school story in another style.
    await page.goto(`${server.url}/library/${school}`);
    await splashGone(page);
    fake.setChatReply(reply('The first school day, told plainly'));
    await page.getByRole('button', { name: 'Regenerate story' }).first().click();
    await page.getByRole('combobox', { name: 'Style' }).click();
    await page.getByRole('option', { name: 'Clear narrative' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate', exact: true }).click();
    await page.getByRole('heading', { name: 'The first school day, told plainly' }).waitFor({ timeout: 30_000 });
    expect((await (await api.get(`/api/stories/${school}`)).json()).storyStyle).toBe('clear_narrative');

    // Timeline by year, newest first.
    await page.goto(`${server.url}/timeline`);
    await splashGone(page);
    await page.getByRole('link', { name: /Leaving Karelia/ }).waitFor();
    const years = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(years.map((y) => y.trim())).toEqual(['2025', '1969', '1939']);
    expect(await page.locator('body').innerText()).toMatch(/no time set/);

    // Swipe a story left and delete it.
    await page.goto(`${server.url}/library`);
    await splashGone(page);
    const row = page.getByRole('link', { name: /^Leaving Karelia\s/ });
    const box = (await row.boundingBox())!;
    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width - 20 - step * 15, box.y + box.height / 2);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Delete “Leaving Karelia”' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    expect((await api.get(`/api/stories/${war}`)).status).toBe(404);
    await context.close();
  });

  it('speaks Finnish, with Finnish dates', async () => {
    const { api, lake } = await seedUser('eino@example.com', 'fi');
    const { context, page } = await openAs(api, 'fi-FI');
    await page.goto(`${server.url}/library`);
    await splashGone(page);
    await page.getByRole('button', { name: 'Kaikki 3', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ei kokoelmassa 2', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Kokoelmissa 1', exact: true }).waitFor();
    expect(await page.locator('main').innerText()).toContain('14.6.2025');

    await page.getByRole('link', { name: /^The lake\s/ }).click();
    await page.waitForURL(`**/library/${lake}`);
    await page.getByRole('button', { name: 'Kirjoita tarina uudelleen' }).first().waitFor();
    await page.getByRole('link', { name: /Lisää nauhoitus/ }).or(page.getByRole('button', { name: /Lisää nauhoitus/ })).first().waitFor();

    await page.goto(`${server.url}/timeline`);
    await splashGone(page);
    await page.getByRole('heading', { name: 'Aikajana', level: 1 }).waitFor();
    // The heading comes before the timeline's read: wait for the year itself.
    await page.locator('main').getByText('1969').first().waitFor();
    await context.close();
  });
});
