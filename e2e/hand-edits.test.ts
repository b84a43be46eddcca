import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../test/support/audio-clips.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../test/support/http-client.ts';
import { settledStory } from '../test/support/pipeline.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { useBrowserApp } from './support/browser-app.ts';

// The regenerate dialog of a story edited by hand says what is kept, and replaces the
// person's edits only when they tick the box; in English and in Finnish.
const SETTLED = 30_000;
const reply = (title: string, content: string) => ({ title, content, people: [], locations: [], dates: [], storyType: 'other' });

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;
let audio: Buffer;
let clips: { dir: string; remove: () => Promise<void> };

useBrowserApp({}, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
});
beforeAll(async () => {
  clips = await clipDir();
  audio = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
});
afterAll(() => clips?.remove());

/** A signed-in user with one written story whose title they edited by hand. */
async function storyWithEditedTitle(email: string, language: 'en' | 'fi', title: string) {
  const { client: api } = await signedUpClient(server.url, email, language);
  fake.setChatReply(reply('Ask Not', 'Ask what you can do for your country.'));
  const form = { contextType: 'new_story', appLanguage: language };
  const { story } = await (await uploadForm(api, '/api/recordings', form, { bytes: audio, filename: 'recording.webm' })).json();
  await settledStory(api, story.id, SETTLED);
  await api.request('PATCH', `/api/stories/${story.id}`, { title });
  return { api, storyId: story.id as number };
}

async function openStory(api: HttpClient, storyId: number, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
  await context.addCookies([{ name: 'saaga_session', value: api.cookie('saaga_session')!, url: server.url }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/library/${storyId}`);
  await page.getByTestId('splash').waitFor({ state: 'detached' });
  return page;
}

describe('regenerating a story edited by hand', () => {
  it('keeps the typed title unless the person asks to replace it (English)', async () => {
    const { api, storyId } = await storyWithEditedTitle('aino@example.com', 'en', 'Grandfather’s speech');
    const page = await openStory(api, storyId, 'en-US');
    await page.getByRole('heading', { name: 'Grandfather’s speech' }).waitFor();

    fake.setChatReply(reply('A Title of Its Own', 'He asked what we could do for our country.'));
    await page.getByRole('button', { name: 'Regenerate story' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('You have edited the title by hand. Your title is kept; the new version updates the rest.').waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Replace my edits with the new version' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('The story is written again from its recordings. What you edited by hand is kept.').waitFor();
    await confirm.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await page.getByText('He asked what we could do for our country.').waitFor({ timeout: SETTLED });
    await page.getByRole('heading', { name: 'Grandfather’s speech' }).waitFor();

    // Now the person asks for the writer's title.
    fake.setChatReply(reply('A Title of Its Own', 'He asked once more.'));
    await page.getByRole('button', { name: 'Regenerate story' }).first().click();
    await dialog.getByRole('checkbox', { name: 'Replace my edits with the new version' }).check();
    await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await confirm.getByText('Your own edits to the title and text will be lost.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await page.getByRole('heading', { name: 'A Title of Its Own' }).waitFor({ timeout: SETTLED });
    expect(await (await api.get(`/api/stories/${storyId}`)).json()).toMatchObject({ title: 'A Title of Its Own', titleEditedByHand: false });
  });

  it('says the same in Finnish and sends the choice', async () => {
    const { api, storyId } = await storyWithEditedTitle('aino.fi@example.com', 'fi', 'Isoisän puhe');
    await api.request('PATCH', `/api/stories/${storyId}`, { content: 'Omat sanani siitä päivästä.' });
    const page = await openStory(api, storyId, 'fi-FI');
    await page.getByRole('heading', { name: 'Isoisän puhe' }).waitFor();

    fake.setChatReply(reply('Oma otsikko', 'Uusi teksti.'));
    await page.getByRole('button', { name: 'Kirjoita tarina uudelleen' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Olet muokannut tätä tarinaa itse. Otsikkosi ja tekstisi säilyvät sellaisina kuin kirjoitit ne; uudet asiat lisätään uusina kappaleina.').waitFor();
    await dialog.getByRole('checkbox', { name: 'Korvaa omat muokkaukseni uudella versiolla' }).check();
    await dialog.getByRole('button', { name: 'Kirjoita uudelleen', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Kirjoita uudelleen', exact: true }).click();
    await page.getByRole('heading', { name: 'Oma otsikko' }).waitFor({ timeout: SETTLED });
    expect(await (await api.get(`/api/stories/${storyId}`)).json()).toMatchObject({
      title: 'Oma otsikko',
      content: 'Uusi teksti.',
      titleEditedByHand: false,
      contentEditedByHand: false,
    });
  });
});
