import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { it } from 'vitest';
import { chapters, people, recordings, stories, users } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Typed text is never lost silently: every way out of a text editor asks (Save, Discard,
// Stay) as the recorder does, and a reload offers the unsaved text back. No AI is needed:
// the stories and recordings are seeded.
const shots = screenshots('editors-kept');

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const WORDS = {
  en: {
    editText: 'Edit text', storyText: 'Story text', library: 'Library', leave: 'Save your changes?', save: 'Save changes', discard: 'Discard changes', stay: 'Stay',
    offer: 'You have unsaved changes from', restore: 'Restore', keepEditing: 'Keep editing', cancel: 'Cancel', editTranscript: 'Edit transcription', transcript: 'Transcription',
  },
  fi: {
    editText: 'Muokkaa tekstiä', storyText: 'Tarinan teksti', library: 'Kirjasto', leave: 'Tallennetaanko muutokset?', save: 'Tallenna muutokset', discard: 'Hylkää muutokset', stay: 'Jää tälle sivulle',
    offer: 'Sinulla on tallentamattomia muutoksia ajalta', restore: 'Palauta', keepEditing: 'Jatka muokkausta', cancel: 'Peruuta', editTranscript: 'Muokkaa litterointia', transcript: 'Litterointi',
  },
} as const;

const storedContent = async (storyId: number) => (await server.database.db.select().from(stories).where(eq(stories.id, storyId)))[0].content;
const bottomBar = (page: Page) => page.getByRole('navigation').last();

async function storyPage(email: string, language: 'en' | 'fi') {
  const { page, userId } = await signedInPage(browser, server, email, { language });
  const story = await seeder(server.database.db, server.store).story(userId, { content: 'We rowed across the lake every morning.' });
  // Into the story from the library, so the browser's Back stays in the app.
  await page.goto(`${server.url}/library`);
  await page.getByRole('link', { name: story.title }).first().click();
  await page.waitForURL(new RegExp(`/library/${story.id}$`), WAIT);
  return { page, userId, storyId: story.id };
}

// The tests run side by side, each with its own user, page and `expect`: most of their time
// is the page's round trips and timers, and one after another they left the core idle.

for (const language of ['en', 'fi'] as const) {
  const words = WORDS[language];

  it.concurrent(`${language}: leaving the story's text editor asks; Stay keeps the text, Discard leaves it unsaved, Save saves it`, async ({ expect }) => {
    const { page, storyId } = await storyPage(`leave-${language}@example.com`, language);
    const typed = `My own words, ${language}.`;
    await page.getByRole('button', { name: words.editText }).click();
    await page.getByRole('textbox', { name: words.storyText }).fill(typed);

    // The bottom bar: asked, and Stay keeps the person here with their text.
    await bottomBar(page).getByRole('link', { name: words.library }).click();
    const dialog = page.getByRole('alertdialog', { name: words.leave });
    await dialog.waitFor(WAIT);
    await shots.page(page, `editor-leave-${language}`);
    await dialog.getByRole('button', { name: words.stay }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/library/${storyId}`);
    expect(await page.getByRole('textbox', { name: words.storyText }).inputValue()).toBe(typed);

    // The browser's Back asks the same.
    await page.goBack();
    await dialog.waitFor(WAIT);
    await dialog.getByRole('button', { name: words.stay }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: words.storyText }).inputValue()).toBe(typed);

    // Discard: the page is left, nothing saved, nothing offered back.
    await bottomBar(page).getByRole('link', { name: words.library }).click();
    await dialog.getByRole('button', { name: words.discard }).click();
    await page.waitForURL(/\/library$/, WAIT);
    expect(await storedContent(storyId)).toBe('We rowed across the lake every morning.');
    await page.goto(`${server.url}/library/${storyId}`);
    await page.getByRole('button', { name: words.editText }).waitFor(WAIT);
    expect(await page.getByText(words.offer).count()).toBe(0);

    // Save: saved, then the page is left.
    await page.getByRole('button', { name: words.editText }).click();
    await page.getByRole('textbox', { name: words.storyText }).fill(typed);
    await bottomBar(page).getByRole('link', { name: words.library }).click();
    await dialog.getByRole('button', { name: words.save }).click();
    await page.waitForURL(/\/library$/, WAIT);
    expect(await storedContent(storyId)).toBe(typed);
  });

  it.concurrent(`${language}: a reload keeps the typed text on the device and offers it back; Restore puts it back in the editor`, async ({ expect }) => {
    const { page, storyId } = await storyPage(`reload-${language}@example.com`, language);
    const typed = `Written before the reload, ${language}.`;
    page.on('dialog', (question) => void question.accept());
    await page.getByRole('button', { name: words.editText }).click();
    await page.getByRole('textbox', { name: words.storyText }).fill(typed);
    await page.reload();

    const offer = page.getByText(words.offer);
    await offer.waitFor(WAIT);
    await shots.page(page, `editor-offer-${language}`);
    await page.getByRole('button', { name: words.restore }).click();
    const box = page.getByRole('textbox', { name: words.storyText });
    expect(await box.inputValue()).toBe(typed);
    expect(await storedContent(storyId)).toBe('We rowed across the lake every morning.');

    // Cancel with a change asks too; Keep editing keeps it.
    await page.getByRole('button', { name: words.cancel, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: words.leave });
    await dialog.getByRole('button', { name: words.keepEditing }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(typed);
  });
}

it.concurrent("a recording's transcript editor is guarded the same way", async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'transcript@example.com', { language: 'en' });
  const recording = await seeder(server.database.db, server.store).recording(userId, { storyId: null, processingStatus: 'transcribed' });
  await page.goto(`${server.url}/library/recordings/${recording.id}`);
  await page.getByRole('button', { name: WORDS.en.editTranscript }).click();
  await page.getByRole('textbox', { name: WORDS.en.transcript }).fill('Corrected by hand.');
  await bottomBar(page).getByRole('link', { name: WORDS.en.library }).click();
  const dialog = page.getByRole('alertdialog', { name: WORDS.en.leave });
  await dialog.getByRole('button', { name: WORDS.en.save }).click();
  await page.waitForURL(/\/library$/, WAIT);
  const [stored] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
  expect(stored.transcription).toBe('Corrected by hand.');
});

it.concurrent("a person's edit form asks before a change is cancelled away, and a reload offers it back", async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'person@example.com', { language: 'en' });
  page.on('dialog', (question) => void question.accept());
  const anna = await seeder(server.database.db, server.store).person(userId, 'Anna', 'Aunt');
  await page.goto(`${server.url}/people/${anna.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Characterization').fill('Loved the lake.');

  // Cancel drops nothing unasked.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: WORDS.en.leave });
  await ask.waitFor(WAIT);
  await shots.page(page, 'person-cancel-en');
  await ask.getByRole('button', { name: WORDS.en.keepEditing }).click();
  await ask.waitFor({ state: 'detached' });
  expect(await page.getByLabel('Characterization').inputValue()).toBe('Loved the lake.');

  await page.reload();
  await page.getByText(WORDS.en.offer).waitFor(WAIT);
  await page.getByRole('button', { name: WORDS.en.restore }).click();
  expect(await page.getByLabel('Characterization').inputValue()).toBe('Loved the lake.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Edit' }).waitFor(WAIT);
  const [stored] = await server.database.db.select().from(people).where(eq(people.id, anna.id));
  expect(stored.characterization).toBe('Loved the lake.');
});

it.concurrent('the add-person modal asks before Escape closes a typed name away', async ({ expect }) => {
  const { page } = await signedInPage(browser, server, 'modal@example.com', { language: 'en' });
  await page.goto(`${server.url}/people`);
  await page.getByRole('button', { name: 'Add person' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add person' });
  await modal.getByLabel('Name').fill('Veikko');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: WORDS.en.leave });
  await ask.waitFor(WAIT);
  await shots.page(page, 'modal-leave-en');
  await ask.getByRole('button', { name: WORDS.en.keepEditing }).click();
  await ask.waitFor({ state: 'detached' });
  expect(await modal.getByLabel('Name').inputValue()).toBe('Veikko');
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: WORDS.en.discard }).click();
  await modal.waitFor({ state: 'detached' });
});

it.concurrent("the chapter's edit page saves a change by itself on the way out, and asks when it cannot (a blank title)", async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'chapter@example.com', { language: 'en' });
  const chapter = await seeder(server.database.db, server.store).chapter(userId, 'Childhood');
  await page.goto(`${server.url}/collections/chapters/${chapter.id}/edit`);
  await page.getByLabel('Title').fill('   ');
  await page.getByLabel('Description (optional)').fill('The farm years.');
  await bottomBar(page).getByRole('link', { name: WORDS.en.library }).click();
  const ask = page.getByRole('alertdialog', { name: WORDS.en.leave });
  await ask.waitFor(WAIT);
  await ask.getByRole('button', { name: WORDS.en.stay }).click();
  await ask.waitFor({ state: 'detached' });
  expect(await page.getByLabel('Description (optional)').inputValue()).toBe('The farm years.');
  await page.getByLabel('Title').fill('Childhood on the farm');
  await bottomBar(page).getByRole('link', { name: WORDS.en.library }).click();
  await page.waitForURL(/\/library$/, WAIT);
  await expect.poll(async () => (await server.database.db.select().from(chapters).where(eq(chapters.id, chapter.id)))[0], WAIT).toMatchObject({
    title: 'Childhood on the farm',
    description: 'The farm years.',
  });
});

it.concurrent('the author name in Settings is kept on a reload and offered back, and leaving with it asks', async ({ expect }) => {
  const { page, userId } = await signedInPage(browser, server, 'author@example.com', { language: 'en' });
  page.on('dialog', (question) => void question.accept());
  await page.goto(`${server.url}/settings`);
  await page.getByRole('button', { name: 'Set name' }).click();
  await page.getByLabel('Author name').fill('Aino Virtanen');
  await page.reload();
  await page.getByText(WORDS.en.offer).waitFor(WAIT);
  await shots.page(page, 'settings-offer-en');
  await page.getByRole('button', { name: WORDS.en.restore }).click();
  expect(await page.getByLabel('Author name').inputValue()).toBe('Aino Virtanen');
  await bottomBar(page).getByRole('link', { name: WORDS.en.library }).click();
  await page.getByRole('alertdialog', { name: WORDS.en.leave }).getByRole('button', { name: WORDS.en.save }).click();
  await page.waitForURL(/\/library$/, WAIT);
  const [user] = await server.database.db.select().from(users).where(eq(users.id, userId));
  expect(user.authorName).toBe('Aino Virtanen');
});

it.concurrent("a story's title typed and not saved is offered back after a reload", async ({ expect }) => {
  const { page, storyId } = await storyPage('title@example.com', 'en');
  page.on('dialog', (question) => void question.accept());
  await page.getByRole('heading', { level: 1 }).getByRole('button').click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Summers by the lake');
  await page.reload();
  await page.getByText(WORDS.en.offer).waitFor(WAIT);
  await shots.page(page, 'title-offer-en');
  await page.getByRole('button', { name: WORDS.en.restore }).click();
  const field = page.getByRole('textbox', { name: 'Title', exact: true });
  expect(await field.inputValue()).toBe('Summers by the lake');
  await field.press('Enter');
  await expect.poll(async () => (await server.database.db.select().from(stories).where(eq(stories.id, storyId)))[0].title, WAIT).toBe('Summers by the lake');
});
