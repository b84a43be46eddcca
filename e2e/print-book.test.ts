import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { PRINT_LIMITS } from '../contract/print-book.ts';
import { autobiographyStories, users } from '../server/db/schema.ts';
import { activeListeningLinks } from '../server/listening-links/links.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';

// The book to print at phone size (issue 30): from the autobiography's reading screen to
// "Print a book", the trim, a cover photo and a dedication chosen, the exits guarded while the
// dedication is unsaved, a refused start keeping the form, the pages laid out with progress,
// then the two PDFs, the photo that prints soft, and the preview drawn by pdf.js (the cover
// and the first spreads) under the app's Content-Security-Policy; the listening links turned
// off after asking. Back at every step. Once in Finnish.

const DOWNLOADS = mkdtempSync(path.join(tmpdir(), 'saaga-e2e-print-downloads-'));
afterAll(() => rmSync(DOWNLOADS, { recursive: true, force: true }));
/** A book of a few pages laid out on a busy 2-core machine. */
const LAYOUT = { timeout: 120_000 };

let server: TestApp;
let browser: Browser;
useBrowserApp({ noFakeErrors: true }, (app) => ({ server, browser } = app));

const shots = screenshots('print-book', { fullPage: true });

/** A signed-in page whose refused loads (the CSP) are collected, as pdf.js's worker and fonts must not be. */
async function signedIn(email: string, language: 'en' | 'fi'): Promise<{ page: Page; userId: string; refused: string[] }> {
  const signed = await signedInPage(browser, server, email, { language, acceptDownloads: true });
  await server.database.db.update(users).set({ authorName: 'Aino Öhman' }).where(eq(users.id, signed.userId));
  const refused: string[] = [];
  const context: BrowserContext = signed.page.context();
  await context.exposeBinding('reportCspViolation', (_source, text: string) => refused.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.effectiveDirective} refused ${event.blockedURI}`);
    });
  });
  return { ...signed, refused };
}

/** A written autobiography of two chapters over two stories. */
async function writtenBook(userId: string, language: 'en' | 'fi') {
  const seed = seeder(server.database.db, server.store);
  const words =
    language === 'en'
      ? { lake: ['The lake', 'In 1965 I swam in the lake near Tampere with my sister Anna every morning of the summer.'], mill: ['The mill', 'I worked at the paper mill for twenty years, first on the night shift.'], title: 'Summers and Work', chapters: ['Childhood', 'Working years'] }
      : { lake: ['Järvellä', 'Kesällä 1965 uin Näsijärvessä siskoni Annan kanssa joka aamu.'], mill: ['Tehtaalla', 'Tein töitä paperitehtaalla kaksikymmentä vuotta, ensin yövuorossa.'], title: 'Kesät ja työ', chapters: ['Lapsuus', 'Työvuodet'] };
  const lake = await seed.story(userId, { title: words.lake[0], content: words.lake[1], language });
  const mill = await seed.story(userId, { title: words.mill[0], content: words.mill[1], language });
  // Told aloud, not published: the printed code of the lake is a private listening link.
  await seed.recording(userId, { storyId: lake.id, detectedLanguage: language });
  const book = await seed.autobiography(userId, words.title, {
    processingStatus: 'generated',
    language,
    authorName: 'Aino Öhman',
    chapters: [
      { title: words.chapters[0], storyIds: [lake.id], content: words.lake[1], removed: [] },
      { title: words.chapters[1], storyIds: [mill.id], content: words.mill[1], removed: [] },
    ],
  });
  await server.database.db.insert(autobiographyStories).values([
    { autobiographyId: book.id, storyId: lake.id, position: 0 },
    { autobiographyId: book.id, storyId: mill.id, position: 1 },
  ]);
  return { book, lake, mill };
}

/** A photo added to a story as the story page adds it: a real upload of a real JPEG. */
async function addPhoto(page: Page, storyId: number, caption: string, width: number, height: number, background: string): Promise<number> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 85 }).toBuffer();
  const added = await page.request.post(`${server.url}/api/stories/${storyId}/photos`, {
    headers: { origin: server.url },
    multipart: { photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg }, caption },
  });
  expect(added.status()).toBe(201);
  const { photos } = (await added.json()) as { photos: { id: number; caption: string | null }[] };
  return photos.find((photo) => photo.caption === caption)!.id;
}

/** Clicks a download link and keeps the file's bytes. */
async function download(page: Page, link: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('link', { name: link }).click()]);
  const target = path.join(DOWNLOADS, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  return readFileSync(target);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the screen as it is (as e2e/accessibility.test.ts audits the others). */
async function seriousFindings(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag: the CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Violation = { id: string; impact?: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

/** How many of the drawn page's pixels are not paper white: a page with its words on it has some. */
async function inkedPixels(page: Page, name: string): Promise<number> {
  const canvas = page.getByRole('img', { name, exact: true });
  await canvas.and(page.locator('[data-drawn="true"]')).waitFor(LAYOUT);
  return canvas.evaluate((element) => {
    const drawn = element as HTMLCanvasElement;
    const { data } = drawn.getContext('2d')!.getImageData(0, 0, drawn.width, drawn.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) inked++;
    return inked;
  });
}

it('lays out a book to print with a cover photo and a dedication, guards the dedication, and previews the spreads', async () => {
  const { page, userId, refused } = await signedIn('print@example.com', 'en');
  const { book, lake, mill } = await writtenBook(userId, 'en');
  await addPhoto(page, lake.id, 'Summer at the lake', 3000, 2400, '#3a6ea5');
  await addPhoto(page, mill.id, 'The old mill', 240, 180, '#8a5a2b');
  const spare = await addPhoto(page, mill.id, 'A spare photo', 1600, 1200, '#2b8a5a');

  // From the reading screen; Back returns to it.
  await page.goto(`${server.url}/collections/books/${book.id}`);
  await page.getByRole('heading', { name: 'A book to hold' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Print a book' }).click();
  await page.waitForURL(new RegExp(`/collections/books/${book.id}/print$`), WAIT);
  await page.getByRole('heading', { name: 'Print a book', level: 1 }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/collections/books/${book.id}$`), WAIT);
  await page.getByRole('link', { name: 'Print a book' }).click();

  // The choices: 6 x 9 in by default, the book's photos or none, the dedication counted as typed.
  await page.getByRole('heading', { name: 'Your book to print' }).waitFor(WAIT);
  expect(await page.getByRole('radio', { name: /^6 × 9 in/ }).isChecked()).toBe(true);
  await page.getByRole('radio', { name: 'Summer at the lake' }).waitFor({ state: 'attached', ...WAIT });
  expect(await page.getByRole('radio', { name: 'No photo' }).isChecked()).toBe(true);
  await page.getByRole('radio', { name: /^A5/ }).check();
  await page.getByRole('radio', { name: 'A spare photo' }).check({ force: true });
  const dedication = page.getByRole('textbox', { name: 'Dedication (optional)' });
  await dedication.fill('x'.repeat(PRINT_LIMITS.dedicationMax + 1));
  await page.getByText(`${PRINT_LIMITS.dedicationMax + 1} / ${PRINT_LIMITS.dedicationMax} characters`).waitFor(WAIT);
  await page.getByRole('button', { name: 'Make the print files' }).click();
  await page.getByText('The dedication fits on its page with at most 600 characters. Shorten it a little.').waitFor(WAIT);
  await dedication.fill('For Anna and Eero, who asked me to tell it.');
  await page.getByText('43 / 600 characters').waitFor(WAIT);
  await shots.page(page, 'form-en');
  expect(await seriousFindings(page)).toEqual([]);

  // Unsaved words: Back asks; Stay keeps them.
  await page.getByRole('button', { name: 'Back' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Save your changes?' });
  await leave.waitFor(WAIT);
  await shots.page(page, 'leave-en', { fullPage: false });
  await leave.getByRole('button', { name: 'Stay' }).click();
  expect(await dedication.inputValue()).toBe('For Anna and Eero, who asked me to tell it.');

  // The chosen photo leaves the book before the start: refused, and the form keeps what was typed.
  const removed = await page.request.delete(`${server.url}/api/photos/${spare}`, { headers: { origin: server.url } });
  expect(removed.ok()).toBe(true);
  await page.getByRole('button', { name: 'Make the print files' }).click();
  await page.getByText('That photo is no longer in the book. Choose another one.').waitFor(WAIT);
  expect(await dedication.inputValue()).toBe('For Anna and Eero, who asked me to tell it.');
  expect(await page.getByRole('radio', { name: /^A5/ }).isChecked()).toBe(true);
  // The book's photos read again: the removed one is no longer offered, and the cover has none until another is chosen.
  await expect.poll(() => page.getByRole('radio', { name: 'A spare photo' }).count(), WAIT).toBe(0);
  expect(await page.getByRole('radio', { name: 'No photo' }).isChecked()).toBe(true);
  await shots.page(page, 'refused-en');
  await page.getByRole('radio', { name: 'Summer at the lake' }).check({ force: true });
  await page.getByRole('button', { name: 'Make the print files' }).click();

  // Laid out on the server, then ready: pages, spine, the soft photo, the files and the preview.
  await page.getByRole('progressbar', { name: 'Laying out the book' }).or(page.getByText('Ready to print')).first().waitFor(WAIT);
  await shots.page(page, 'laying-out-en');
  await page.getByText('Ready to print').waitFor(LAYOUT);
  await page.getByText(/^\d+ pages · spine \d+(\.\d+)? in \(\d+(\.\d+)? mm\)$/).waitFor(WAIT);
  await page.getByText(/The photo “The old mill” prints at \d+ dpi; 200 or more looks sharp/).waitFor(WAIT);
  expect(await page.getByText(/The photo “Summer at the lake”/).count()).toBe(0);
  const interior = await download(page, 'Pages (interior.pdf)');
  expect(interior.subarray(0, 5).toString()).toBe('%PDF-');
  const cover = await download(page, 'Cover (cover.pdf)');
  expect(cover.subarray(0, 5).toString()).toBe('%PDF-');

  // The preview: the cover, then page 1 alone on the right and 2|3 beside each other, each drawn with ink on it.
  expect(await inkedPixels(page, 'The cover: back, spine and front')).toBeGreaterThan(1000);
  // Page 2, the title page's back, is blank in a printed book; drawn all the same.
  const inked = await Promise.all(['Page 1', 'Page 2', 'Page 3'].map((name) => inkedPixels(page, name)));
  expect(inked[0]).toBeGreaterThan(20);
  expect(inked[2]).toBeGreaterThan(20);
  expect(await page.getByText('Pages 2–3').count()).toBe(1);
  const [one, two, three] = await Promise.all(['Page 1', 'Page 2', 'Page 3'].map((name) => page.getByRole('img', { name, exact: true }).boundingBox()));
  expect(one!.x).toBeGreaterThan(390 / 2 - 10);
  expect(Math.abs(two!.y - three!.y)).toBeLessThan(2);
  expect(three!.x).toBeGreaterThan(two!.x);
  await shots.page(page, 'ready-en');
  expect(refused).toEqual([]);
  expect(await seriousFindings(page)).toEqual([]);

  // Saved with the print: Back leaves without asking, and the form comes back as it was sent.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/collections/books/${book.id}$`), WAIT);
  await page.getByRole('link', { name: 'Print a book' }).click();
  await page.getByRole('heading', { name: 'Lay it out again' }).waitFor(WAIT);
  expect(await dedication.inputValue()).toBe('For Anna and Eero, who asked me to tell it.');
  expect(await page.getByRole('radio', { name: /^A5/ }).isChecked()).toBe(true);

  // The listening links go off only after the question says what stops.
  await page.getByRole('button', { name: 'Turn off listening links' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Turn off the listening links?' });
  await ask.getByText(/The QR codes printed in this book will stop playing/).waitFor(WAIT);
  await shots.page(page, 'links-ask-en', { fullPage: false });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Turn off listening links' }).click();
  expect(await activeListeningLinks(server.database.db, book.id)).toBe(1);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
  await page.getByText('Listening links turned off').first().waitFor(WAIT);
  await page.getByText('1 QR code no longer plays.').first().waitFor(WAIT);
  expect(await activeListeningLinks(server.database.db, book.id)).toBe(0);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/collections/books/${book.id}$`), WAIT);
});

it('in Finnish: the choices, the layout and the preview', async () => {
  const { page, userId, refused } = await signedIn('painos@example.com', 'fi');
  const { book, lake } = await writtenBook(userId, 'fi');
  await addPhoto(page, lake.id, 'Kesä järvellä', 3000, 2400, '#3a6ea5');

  await page.goto(`${server.url}/collections/books/${book.id}`);
  await page.getByRole('link', { name: 'Kirja painoon' }).click();
  await page.getByRole('heading', { name: 'Kirja painoon', level: 1 }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Takaisin' }).click();
  await page.waitForURL(new RegExp(`/collections/books/${book.id}$`), WAIT);
  await page.getByRole('link', { name: 'Kirja painoon' }).click();

  await page.getByRole('heading', { name: 'Kirjasi painettavaksi' }).waitFor(WAIT);
  expect(await page.getByRole('radio', { name: /^6 × 9 tuumaa/ }).isChecked()).toBe(true);
  await page.getByRole('radio', { name: 'Kesä järvellä' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Omistuskirjoitus (vapaaehtoinen)' }).fill('Lapsenlapsilleni, jotka kysyivät.');
  await page.getByText('33 / 600 merkkiä').waitFor(WAIT);
  await shots.page(page, 'form-fi');
  // Leaving with the words unsaved asks; Save starts the print with them, and the page is left.
  await page.getByRole('button', { name: 'Takaisin' }).click();
  await page.getByRole('alertdialog', { name: 'Tallennetaanko muutokset?' }).getByRole('button', { name: 'Tallenna muutokset' }).click();
  await page.waitForURL(new RegExp(`/collections/books/${book.id}$`), WAIT);
  await page.getByRole('link', { name: 'Kirja painoon' }).click();
  await page.getByText('Valmis painettavaksi').waitFor(LAYOUT);
  expect(await page.getByRole('textbox', { name: 'Omistuskirjoitus (vapaaehtoinen)' }).inputValue()).toBe('Lapsenlapsilleni, jotka kysyivät.');
  await page.getByText(/^\d+ sivua · selkä \d+(,\d+)? tuumaa \(\d+(,\d+)? mm\)$/).waitFor(WAIT);
  await page.getByRole('link', { name: 'Sivut (interior.pdf)' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Kansi (cover.pdf)' }).waitFor(WAIT);
  expect(await inkedPixels(page, 'Kansi: takakansi, selkä ja etukansi')).toBeGreaterThan(1000);
  expect(await inkedPixels(page, 'Sivu 1')).toBeGreaterThan(100);
  await page.getByText('Sivut 2–3').waitFor(WAIT);
  await shots.page(page, 'ready-fi');
  expect(refused).toEqual([]);

  await page.getByRole('button', { name: 'Takaisin' }).click();
  await page.waitForURL(new RegExp(`/collections/books/${book.id}$`), WAIT);
});
