import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, expect, it } from 'vitest';
import { users } from '../server/db/schema.ts';
import type { ChatRequestInfo, FakeOpenAi } from '../test/fakes/openai-server.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The autobiography at phone size: chapters and a story are chosen, the book is written
// chapter by chapter while the screen shows which, it is read, its EPUB and PDF are
// downloaded, and it is deleted after asking. Back at every step. Once in Finnish.
// The downloaded books, read back by the test: a folder of their own, whether or not screenshots are kept.
const DOWNLOADS = mkdtempSync(path.join(tmpdir(), 'saaga-e2e-autobiography-downloads-'));
afterAll(() => rmSync(DOWNLOADS, { recursive: true, force: true }));
const WAIT = { timeout: 30_000 };

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

/** A writer that retells the stories it was given (grounded by construction), titling an unnamed chapter. */
function retelling(request: ChatRequestInfo) {
  const user = request.messages.find((m) => m.role === 'user')!.content;
  const texts = [...user.matchAll(/(?:Story|Tarina) \d+: [^\n]*:\n"""\n([\s\S]*?)\n"""/g)].map((m) => m[1]);
  const finnish = request.messages.some((m) => m.role === 'system' && m.content.includes('suomeksi'));
  return { title: finnish ? 'Työvuodet' : 'Journeys', content: texts.join('\n\n') };
}

useBrowserApp({ noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setChatReply(retelling);
});

async function signedIn(email: string, language: 'en' | 'fi'): Promise<{ page: Page; userId: string }> {
  const signed = await signedInPage(browser, server, email, { language, acceptDownloads: true });
  await server.database.db.update(users).set({ authorName: 'Aino Öhman' }).where(eq(users.id, signed.userId));
  return signed;
}

const shots = screenshots('autobiography', { fullPage: true });

/** Clicks a download link and keeps the file: its suggested name and bytes. */
async function download(page: Page, link: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('link', { name: link }).click()]);
  const target = path.join(DOWNLOADS, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), bytes: readFileSync(target) };
}

it('generates an autobiography with progress, reads it, downloads the EPUB and the PDF, and deletes it', async () => {
  const { page, userId } = await signedIn('book@example.com', 'en');
  const seed = seeder(server.database.db);
  const childhood = await seed.chapter(userId, 'Childhood', { orderIndex: 0 });
  const work = await seed.chapter(userId, 'Working years', { orderIndex: 1 });
  await seed.story(userId, { title: 'The lake', content: 'In 1965 I swam in the lake near Tampere with my sister Anna.', chapterId: childhood.id, chapterOrder: 0 });
  await seed.story(userId, { title: 'The mill', content: 'I worked at the paper mill for twenty years.', chapterId: work.id, chapterOrder: 0 });
  await seed.story(userId, { title: 'The trip north', content: 'We took the night train to Rovaniemi.' });

  await page.goto(`${server.url}/collections`);
  await page.getByRole('heading', { name: 'Autobiographies' }).waitFor(WAIT);
  await page.getByText('No autobiographies yet').waitFor(WAIT);
  await page.getByRole('link', { name: 'New autobiography' }).click();

  // The form; Back leads to the Biography screen, and the form opens again.
  await page.getByRole('heading', { name: 'New autobiography' }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(/\/collections$/, WAIT);
  await page.getByRole('link', { name: 'New autobiography' }).click();
  await page.getByRole('checkbox', { name: /^Childhood/ }).waitFor(WAIT);
  const generate = page.getByRole('button', { name: 'Generate autobiography' });
  expect(await generate.isDisabled()).toBe(true);
  await page.getByRole('textbox', { name: 'Title' }).fill('Summers and Work');
  await page.getByRole('checkbox', { name: /^Childhood/ }).check();
  await page.getByRole('checkbox', { name: /^Working years/ }).check();
  // The stories of chosen chapters go in with them: only the one in no chapter is offered.
  await expect.poll(() => page.getByRole('checkbox', { name: /^The lake/ }).count(), WAIT).toBe(0);
  await page.getByRole('checkbox', { name: /^The trip north/ }).check();
  await page.getByRole('radio', { name: /Third person/ }).check();
  await page.getByRole('combobox', { name: 'Style' }).click();
  await page.getByRole('option', { name: 'Intimate memoir' }).click();
  await shots.page(page, 'new-en');

  // The second chapter's request waits, so the screen shows the book half written.
  const held = fake.hold('chat', (request) => JSON.stringify(request.json).includes('paper mill'));
  await generate.click();
  await page.waitForURL(/\/collections\/books\/\d+$/, WAIT);
  await page.getByText('Writing chapter 2 of 3').first().waitFor(WAIT);
  const firstRequest = fake.requestsTo('chat')[0].json.messages.find((m: { role: string }) => m.role === 'system').content;
  expect(firstRequest).toContain('Point of view: third person, about the speaker, whose name is Aino Öhman.');
  expect(firstRequest).toContain('Style: intimate biographical.');
  expect(await page.getByRole('progressbar', { name: 'Chapters written' }).getAttribute('aria-valuenow')).toBe('1');
  await shots.page(page, 'writing-en');

  // Back goes to the Biography screen, where the book is listed with its state.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(/\/collections$/, WAIT);
  const row = page.getByRole('link', { name: /Summers and Work/ });
  await row.getByText('Writing chapter 2 of 3').waitFor(WAIT);
  await shots.page(page, 'list-writing-en');
  await row.click();
  await page.getByText('Writing chapter 2 of 3').first().waitFor(WAIT);
  held.release();

  await page.getByText('Autobiography generated').first().waitFor(WAIT);
  await page.getByRole('navigation', { name: 'Contents' }).waitFor(WAIT);
  expect(await page.getByRole('navigation', { name: 'Contents' }).getByRole('link').allTextContents()).toEqual(['Childhood', 'Working years', 'Journeys']);
  await page.getByText('by Aino Öhman').waitFor(WAIT);
  await page.getByText('I worked at the paper mill for twenty years.').waitFor(WAIT);
  await shots.page(page, 'read-en');

  const epub = await download(page, 'EPUB');
  // The browser takes the exact title from filename*, the server's ASCII name being the fallback.
  expect(epub.name).toBe('Summers and Work.epub');
  expect(epub.bytes.subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip');
  const pdf = await download(page, 'PDF');
  expect(pdf.name).toBe('Summers and Work.pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
  expect(text).toContain('Working years');
  expect(text).toContain('Aino Öhman');

  // Deleting asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete this autobiography?' });
  await ask.waitFor(WAIT);
  await shots.page(page, 'delete-en');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('navigation', { name: 'Contents' }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Autobiography deleted').first().waitFor(WAIT);
  await page.waitForURL(/\/collections$/, WAIT);
  await page.getByText('No autobiographies yet').waitFor(WAIT);
});

it('in Finnish: the form, the progress and the book read and downloaded', async () => {
  const { page, userId } = await signedIn('kirja@example.com', 'fi');
  const seed = seeder(server.database.db);
  // Chapters are listed in the language they were made in.
  const childhood = await seed.chapter(userId, 'Lapsuus Tampereella', { orderIndex: 0, language: 'fi' });
  await seed.story(userId, { title: 'Järvellä', content: 'Kesällä 1965 uin Näsijärvessä siskoni Annan kanssa.', chapterId: childhood.id, chapterOrder: 0, language: 'fi' });
  await seed.story(userId, { title: 'Työ', content: 'Tein töitä paperitehtaalla kaksikymmentä vuotta.', language: 'fi' });

  await page.goto(`${server.url}/collections`);
  await page.getByRole('heading', { name: 'Omaelämäkerrat' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Uusi omaelämäkerta' }).click();
  await page.getByRole('heading', { name: 'Uusi omaelämäkerta' }).waitFor(WAIT);
  expect(await page.getByRole('textbox', { name: 'Otsikko' }).inputValue()).toBe('Elämäni tarina');
  await page.getByRole('checkbox', { name: /^Lapsuus Tampereella/ }).check();
  await page.getByRole('checkbox', { name: /^Työ / }).check();
  await shots.page(page, 'new-fi');

  const held = fake.hold('chat', (request) => JSON.stringify(request.json).includes('paperitehtaalla'));
  await page.getByRole('button', { name: 'Luo omaelämäkerta' }).click();
  await page.getByText('Kirjoitetaan lukua 2/2').first().waitFor(WAIT);
  await shots.page(page, 'writing-fi');
  held.release();
  await page.getByText('Omaelämäkerta luotu').first().waitFor(WAIT);
  await page.getByRole('navigation', { name: 'Sisällys' }).waitFor(WAIT);
  await page.getByText('Kesällä 1965 uin Näsijärvessä siskoni Annan kanssa.').waitFor(WAIT);
  expect(await page.getByRole('navigation', { name: 'Sisällys' }).getByRole('link').allTextContents()).toEqual(['Lapsuus Tampereella', 'Työvuodet']);
  await shots.page(page, 'read-fi');

  const pdf = await download(page, 'PDF');
  expect(pdf.name).toBe('Elämäni tarina.pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
  expect(text).toContain('Sisällys');
  expect(text).toContain('Lapsuus Tampereella');
  expect(text).toContain('Näsijärvessä');

  await page.getByRole('button', { name: 'Takaisin' }).click();
  await page.waitForURL(/\/collections$/, WAIT);
  await page.getByRole('link', { name: /Elämäni tarina/ }).getByText('Valmis').waitFor(WAIT);
  await shots.page(page, 'list-fi');
});

it('a failed book says why, and Try again writes the chapters left', async () => {
  const { page, userId } = await signedIn('failed-book@example.com', 'en');
  const seed = seeder(server.database.db);
  const first = await seed.story(userId, { title: 'The lake', content: 'We swam in the lake every morning.' });
  const second = await seed.story(userId, { title: 'The mill', content: 'I worked at the paper mill for twenty years.' });
  const book = await seed.autobiography(userId, 'Half a life', {
    processingStatus: 'failed',
    error: 'quota_exceeded',
    authorName: 'Aino Öhman',
    chapters: [
      { title: 'Mornings', storyIds: [first.id], content: 'We swam in the lake every morning.', removed: [] },
      { title: 'Work', storyIds: [second.id], content: null, removed: [] },
    ],
  });

  await page.goto(`${server.url}/collections`);
  await page.getByRole('link', { name: /Half a life/ }).getByText('Failed').waitFor(WAIT);
  await page.getByRole('link', { name: /Half a life/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The autobiography could not be written.' });
  await alert.getByText('The AI service’s quota is used up. Please try again later or contact support.').waitFor(WAIT);
  await alert.getByText('1 of 2 chapters are written; trying again goes on from there.').waitFor(WAIT);
  await shots.page(page, 'failed-en');
  fake.reset();
  fake.setChatReply(retelling);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await page.getByText('Autobiography generated').first().waitFor(WAIT);
  expect(await page.getByRole('navigation', { name: 'Contents' }).getByRole('link').allTextContents()).toEqual(['Mornings', 'Work']);
  // Only the chapter not written was asked for.
  const asked = fake.requestsTo('chat');
  expect(asked).toHaveLength(1);
  expect(JSON.stringify(asked[0].json)).toContain('paper mill');
  // ...following on from the end of the chapter kept from before the failure.
  expect(JSON.stringify(asked[0].json)).toContain('The end of the chapter before');
  expect((await page.getByRole('heading', { name: 'Half a life' }).count())).toBe(1);
  expect(book.title).toBe('Half a life');
});
