import { asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { TIMINGS } from '../contract/timings.ts';
import { chapters, stories } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { pastPageTimers, WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Chapters on the Biography tab at phone size: one made from a suggestion, two stories put
// in it from the chapter view and one from story detail, the library's filter counts
// following at once; back from a story to its chapter; the edit view's autosave; order by
// keyboard and by drag; delete keeps the stories. Once in Finnish.

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const db = () => server.database.db;

const signedIn = (email: string, language: 'en' | 'fi') => signedInPage(browser, server, email, { language });

const shots = screenshots('chapters', { fullPage: true });
const chapterRows = (userId: string) => db().select().from(chapters).where(eq(chapters.userId, userId)).orderBy(asc(chapters.orderIndex), asc(chapters.id));
const storyChapter = async (id: number) => (await db().select({ chapterId: stories.chapterId }).from(stories).where(eq(stories.id, id)))[0].chapterId;

/** The library through the bottom bar (no reload), and its three filter buttons' names. */
async function libraryCounts(page: Page, navLabel: string, labels: [string, string, string], counts: [number, number, number]) {
  await page.getByRole('navigation').getByRole('link', { name: navLabel, exact: true }).click();
  await page.waitForURL(/\/library$/, WAIT);
  for (const [index, label] of labels.entries()) {
    await page.getByRole('button', { name: `${label} ${counts[index]}`, exact: true }).waitFor(WAIT);
  }
}

/** Chooses an option of a labelled dropdown (Radix Select). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('makes a chapter from a suggestion, fills it, and the library counts follow; edit, order and delete', async () => {
  const { page, userId } = await signedIn('chapters@example.com', 'en');
  const seed = seeder(db());
  const lake = await seed.story(userId, { title: 'A summer at the lake', createdAt: new Date('2024-06-01') });
  const office = await seed.story(userId, { title: 'My first office job', createdAt: new Date('2024-07-01') });
  const promotion = await seed.story(userId, { title: 'The promotion', createdAt: new Date('2024-08-01') });
  const filters: [string, string, string] = ['All', 'In Collections', 'Unassigned'];

  await page.goto(`${server.url}/library`);
  await page.getByRole('button', { name: 'Unassigned 3', exact: true }).waitFor(WAIT);

  // The Biography tab: no chapters yet; add one from a suggestion.
  await page.getByRole('navigation').getByRole('link', { name: 'Biography', exact: true }).click();
  await page.getByText('No chapters yet').waitFor(WAIT);
  await page.getByRole('button', { name: 'Add chapter' }).click();
  const form = page.getByRole('dialog', { name: 'Add chapter' });
  // A blank title is refused in the form.
  await form.getByRole('button', { name: 'Save chapter' }).click();
  await form.getByText('A chapter needs a title.').waitFor(WAIT);
  await choose(page, 'Suggested chapter', 'Career');
  expect(await form.getByLabel('Title').inputValue()).toBe('Career and achievements');
  await shots.page(page, 'add-en');
  await form.getByRole('button', { name: 'Save chapter' }).click();
  await page.getByText('Chapter created').first().waitFor(WAIT);
  await page.getByRole('heading', { name: 'Career and achievements', level: 1 }).waitFor(WAIT);
  const [career] = await chapterRows(userId);
  expect(career).toMatchObject({ title: 'Career and achievements', language: 'en', orderIndex: 0 });
  expect(page.url()).toMatch(new RegExp(`/collections/chapters/${career.id}$`));

  // Two stories from the chapter view's picker, found by search.
  await page.getByRole('button', { name: 'Add stories' }).click();
  const picker = page.getByRole('dialog', { name: 'Add stories to “Career and achievements”' });
  await picker.getByRole('searchbox', { name: 'Search stories' }).fill('office');
  await picker.getByRole('button', { name: 'Add “My first office job”' }).click();
  await expect.poll(() => storyChapter(office.id), WAIT).toBe(career.id);
  await picker.getByRole('searchbox', { name: 'Search stories' }).fill('');
  await picker.getByRole('button', { name: 'Add “The promotion”' }).waitFor(WAIT);
  await shots.page(page, 'picker-en');
  await picker.getByRole('button', { name: 'Add “The promotion”' }).click();
  await expect.poll(() => storyChapter(promotion.id), WAIT).toBe(career.id);
  // What is left to offer is the story in no chapter.
  await expect.poll(() => picker.getByRole('listitem').count(), WAIT).toBe(1);
  await picker.getByRole('button', { name: 'Done' }).click();
  const storyList = page.getByRole('list', { name: 'Stories' });
  await storyList.getByRole('link', { name: /My first office job/ }).waitFor(WAIT);
  await storyList.getByRole('link', { name: /The promotion/ }).waitFor(WAIT);
  await page.getByText('2 stories · 1 min read').waitFor(WAIT);
  await shots.page(page, 'chapter-en');

  await libraryCounts(page, 'Library', filters, [3, 2, 1]);
  await shots.page(page, 'library-en');

  // A story opened from the chapter goes back to the chapter.
  await page.goto(`${server.url}/collections/chapters/${career.id}`);
  await storyList.getByRole('link', { name: /My first office job/ }).click();
  await page.waitForURL(new RegExp(`/library/${office.id}\\?chapter=${career.id}$`), WAIT);
  await page.getByRole('combobox', { name: 'Chapter of this story' }).filter({ hasText: 'Career and achievements' }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/collections/chapters/${career.id}$`), WAIT);
  // And back from the chapter is the Biography screen.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(/\/collections$/, WAIT);
  await page.getByRole('link', { name: /Career and achievements\s*2 stories · 1 min read/ }).waitFor(WAIT);

  // The third story from its own detail; the library counts follow.
  await page.goto(`${server.url}/library/${lake.id}`);
  await choose(page, 'Chapter of this story', 'Career and achievements');
  await page.getByText('Added to “Career and achievements”').first().waitFor(WAIT);
  await expect.poll(() => storyChapter(lake.id), WAIT).toBe(career.id);
  await page.getByRole('link', { name: 'Open “Career and achievements”' }).waitFor(WAIT);
  await shots.page(page, 'story-card-en');
  await libraryCounts(page, 'Library', filters, [3, 3, 0]);
  // ...and out again.
  await page.goto(`${server.url}/library/${lake.id}`);
  await choose(page, 'Chapter of this story', 'No chapter');
  await page.getByText('Removed from the chapter').first().waitFor(WAIT);
  await libraryCounts(page, 'Library', filters, [3, 2, 1]);

  // Edit: the title saves by itself; a blank one does not.
  await page.goto(`${server.url}/collections/chapters/${career.id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(new RegExp(`/collections/chapters/${career.id}/edit$`), WAIT);
  const title = page.getByLabel('Title');
  await title.fill('Working life');
  await page.getByText('Saved', { exact: true }).waitFor(WAIT);
  expect((await chapterRows(userId))[0].title).toBe('Working life');
  await title.fill('   ');
  await page.getByText('A blank title is not saved.').waitFor(WAIT);
  await shots.page(page, 'edit-blank-en');
  await page.getByLabel('Description (optional)').fill('From the first job on.');
  // Past the autosave's 1.5 s (timed in the page): still nothing saved while the title is blank.
  await pastPageTimers(page, 2 * TIMINGS.chapterAutosaveMs);
  expect((await chapterRows(userId))[0]).toMatchObject({ title: 'Working life', description: null });
  await title.fill('Working years');
  await page.getByText('Unsaved changes…').waitFor(WAIT);
  await shots.page(page, 'edit-en');
  // Back before the 1.5 s are up: the change is kept all the same.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/collections/chapters/${career.id}$`), WAIT);
  await expect.poll(async () => (await chapterRows(userId))[0], WAIT).toMatchObject({ title: 'Working years', description: 'From the first job on.' });
  await page.getByRole('heading', { name: 'Working years', level: 1 }).waitFor(WAIT);
  await page.getByText('From the first job on.').waitFor(WAIT);

  // A second and third chapter, then order them by keyboard and by drag.
  for (const suggestion of ['Travel', 'Hobbies']) {
    await page.goto(`${server.url}/collections`);
    await page.getByRole('button', { name: 'Add chapter' }).click();
    await choose(page, 'Suggested chapter', suggestion);
    await page.getByRole('dialog', { name: 'Add chapter' }).getByRole('button', { name: 'Save chapter' }).click();
    await page.getByText('Chapter created').first().waitFor(WAIT);
    await page.waitForURL(/\/collections\/chapters\/\d+$/, WAIT);
  }
  await page.goto(`${server.url}/collections`);
  const titles = () => page.getByRole('list', { name: 'Chapters, in order' }).getByRole('listitem').allInnerTexts();
  await expect.poll(async () => (await titles()).map((text) => text.split('\n')[0]), WAIT).toEqual([
    'Working years',
    'Travel and adventures',
    'Hobbies and interests',
  ]);
  await shots.page(page, 'list-en');

  // Keyboard: Space picks Hobbies up, two arrows up, Space drops it first.
  await page.getByRole('button', { name: 'Move “Hobbies and interests”' }).focus();
  // Each step is read out; the next key waits for it, as a person listening would.
  const announced = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached', ...WAIT });
  await page.keyboard.press('Space');
  await announced('Picked up “Hobbies and interests”, at position 3 of 3.');
  // dnd-kit's keyboard sensor listens for the arrows from a timer it sets on pick-up: past it first.
  await pastPageTimers(page, 0);
  await page.keyboard.press('ArrowUp');
  await announced('“Hobbies and interests” is at position 2 of 3.');
  await page.keyboard.press('ArrowUp');
  await announced('“Hobbies and interests” is at position 1 of 3.');
  await page.keyboard.press('Space');
  await announced('“Hobbies and interests” dropped at position 1 of 3.');
  // A reorder is one PATCH a moved chapter: wait for all of them, not an order that only looks right half way.
  const keptOrder = async () => (await chapterRows(userId)).map((c) => [c.title, c.orderIndex]);
  await expect.poll(keptOrder, WAIT).toEqual([
    ['Hobbies and interests', 0],
    ['Working years', 1],
    ['Travel and adventures', 2],
  ]);

  // Drag: Travel's handle to the top.
  const handle = page.getByRole('button', { name: 'Move “Travel and adventures”' });
  const target = page.getByRole('button', { name: 'Move “Hobbies and interests”' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 10) * step) / 10);
  }
  await page.mouse.up();
  await expect.poll(keptOrder, WAIT).toEqual([
    ['Travel and adventures', 0],
    ['Hobbies and interests', 1],
    ['Working years', 2],
  ]);
  // The screen shows the order the server keeps, after a reload too.
  await page.reload();
  await expect.poll(async () => (await titles()).map((text) => text.split('\n')[0]), WAIT).toEqual([
    'Travel and adventures',
    'Hobbies and interests',
    'Working years',
  ]);

  // Delete: the confirmation says the stories stay; they do, unassigned.
  await page.getByRole('link', { name: /Working years/ }).click();
  await page.getByRole('button', { name: 'Delete chapter' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Working years”?' });
  await confirm.getByText('Its 2 stories stay in your library and become unassigned.').waitFor(WAIT);
  await shots.page(page, 'delete-en');
  await confirm.getByRole('button', { name: 'Delete chapter' }).click();
  await page.waitForURL(/\/collections$/, WAIT);
  await page.getByText('Chapter deleted').first().waitFor(WAIT);
  expect((await chapterRows(userId)).map((c) => c.title)).toEqual(['Travel and adventures', 'Hobbies and interests']);
  expect(await storyChapter(office.id)).toBeNull();
  expect(await storyChapter(promotion.id)).toBeNull();
  await libraryCounts(page, 'Library', filters, [3, 0, 3]);

  // The deleted chapter's address says so, with the way back.
  await page.goto(`${server.url}/collections/chapters/${career.id}`);
  await page.getByRole('heading', { name: 'Chapter not found' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Back to Biography' }).click();
  await page.waitForURL(/\/collections$/, WAIT);
});

it('in Finnish: a suggested chapter in Finnish, a story in it, and the library counts', async () => {
  const { page, userId } = await signedIn('luvut@example.com', 'fi');
  const story = await seeder(db()).story(userId, { title: 'Ensimmäinen työpäivä', language: 'fi', content: 'Menin töihin pyörällä.' });
  const filters: [string, string, string] = ['Kaikki', 'Kokoelmissa', 'Ei kokoelmassa'];

  await page.goto(`${server.url}/collections`);
  await page.getByText('Ei vielä lukuja').waitFor(WAIT);
  await shots.page(page, 'empty-fi');
  await page.getByRole('button', { name: 'Lisää luku' }).click();
  await choose(page, 'Ehdotettu luku', 'Ura');
  const form = page.getByRole('dialog', { name: 'Lisää luku' });
  expect(await form.getByLabel('Otsikko').inputValue()).toBe('Ura ja saavutukset');
  await shots.page(page, 'add-fi');
  await form.getByRole('button', { name: 'Tallenna luku' }).click();
  await page.getByText('Luku luotu').first().waitFor(WAIT);
  await page.getByRole('heading', { name: 'Ura ja saavutukset', level: 1 }).waitFor(WAIT);
  expect((await chapterRows(userId))[0]).toMatchObject({ title: 'Ura ja saavutukset', language: 'fi' });

  await page.getByRole('button', { name: 'Lisää tarinoita' }).click();
  const picker = page.getByRole('dialog', { name: 'Lisää tarinoita lukuun ”Ura ja saavutukset”' });
  await picker.getByRole('button', { name: 'Lisää ”Ensimmäinen työpäivä”' }).click();
  await picker.getByText('Kaikki tarinat ovat jo tässä luvussa.').waitFor(WAIT);
  await picker.getByRole('button', { name: 'Valmis' }).click();
  await page.getByText('1 tarina · 1 min lukuaika').waitFor(WAIT);
  await shots.page(page, 'chapter-fi');
  expect(await storyChapter(story.id)).toBe((await chapterRows(userId))[0].id);
  await libraryCounts(page, 'Kirjasto', filters, [1, 1, 0]);
  await shots.page(page, 'library-fi');

  await page.getByRole('navigation').getByRole('link', { name: 'Elämäkerta', exact: true }).click();
  await page.getByRole('link', { name: /Ura ja saavutukset\s*1 tarina · 1 min lukuaika/ }).waitFor(WAIT);
  await shots.page(page, 'list-fi');
});
