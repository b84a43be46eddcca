import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARCHIVE_LIMITS } from '../contract/archive.ts';
import { archiveImports, stories } from '../server/db/schema.ts';
import { buildArchive, fullArchive } from '../test/support/archive-builder.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { screenshots } from './support/screenshots.ts';

// Import an archive from Settings at phone size: a built archive chosen in the card, sent in
// pieces, read by the job; what was added is said and the stories are in the library. In
// Finnish, an upload cut off half way continues once the same file is chosen again (another
// file is refused), and a file that is no Saaga archive is refused in plain words.
const FILES = mkdtempSync(path.join(tmpdir(), 'saaga-e2e-archives-'));

let server: TestApp;
let browser: Browser;
useBrowserApp({}, (app) => ({ server, browser } = app));

const db = () => server.database.db;
const shots = screenshots('archive-import');
const card = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title }) });

async function archiveFile(name: string, extra = false): Promise<string> {
  const archive = fullArchive();
  const bytes = await buildArchive(
    extra ? { ...archive, extra: [{ name: 'books/2024-05-01 My life.pdf', bytes: randomBytes(ARCHIVE_LIMITS.importChunkBytes + 5000), compress: false }] } : archive,
  );
  const file = path.join(FILES, name);
  writeFileSync(file, bytes);
  return file;
}

it('imports an archive chosen in Settings, says what was added, and its stories are in the library', async () => {
  const { page, userId } = await signedInPage(browser, server, 'import-en@example.com', { language: 'en' });
  const file = await archiveFile('saaga-archive.zip', true);
  await page.goto(`${server.url}/library`);
  await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
  const importCard = card(page, 'Import an archive');
  await importCard.getByText('Bring in a Saaga archive').waitFor(WAIT);
  await shots.element(importCard, 'card-en');

  // The second piece is held on its way, so the upload's progress can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/chunks/1', async (route) => {
    await held;
    await route.continue();
  });
  await importCard.getByLabel('Choose an archive (.zip)').setInputFiles(file);
  await importCard.getByRole('progressbar', { name: /^Uploading… \d+%$/ }).waitFor(WAIT);
  await shots.element(importCard, 'uploading-en');
  release();
  await importCard
    .getByText('Imported: 3 stories, 3 recordings, 2 chapters, 1 person, 1 place, 2 follow-up questions, 1 autobiography.')
    .waitFor(WAIT);
  await shots.element(importCard, 'done-en');
  expect((await db().select({ id: stories.id }).from(stories).where(eq(stories.userId, userId))).length).toBe(3);

  // The library shows them at once (it read again when the import was done).
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await page.getByText('My own title').first().waitFor(WAIT);
  await page.getByText('Kesä mökillä').first().waitFor(WAIT);
  await shots.page(page, 'library-en');
  // Back returns to Settings, where the card still says what was added.
  await page.goBack();
  await card(page, 'Import an archive').getByText('Imported: 3 stories').waitFor(WAIT);
});

it('in Finnish: continues an upload cut off half way once the same file is chosen, and refuses another file', async () => {
  const { page, userId } = await signedInPage(browser, server, 'import-fi@example.com', { language: 'fi' });
  const file = await archiveFile('arkisto.zip', true);
  const other = await archiveFile('toinen.zip');
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(file);
  // The first piece arrived before the tab was closed.
  const headers = { origin: server.url };
  const started = await page.context().request.post(`${server.url}/api/account/import`, { data: { sizeBytes: bytes.length, fileName: 'arkisto.zip' }, headers });
  const upload = await started.json();
  const piece = await page.context().request.put(`${server.url}/api/account/imports/${upload.id}/chunks/0`, {
    data: bytes.subarray(0, ARCHIVE_LIMITS.importChunkBytes),
    headers: { ...headers, 'content-type': 'application/octet-stream' },
  });
  expect(piece.status()).toBe(200);
  const percent = Math.floor((ARCHIVE_LIMITS.importChunkBytes / bytes.length) * 100);

  await page.goto(`${server.url}/settings`);
  const importCard = card(page, 'Tuo arkisto');
  await importCard.getByText(`Lähetys pysähtyi kohtaan ${percent} %: jatka valitsemalla sama tiedosto (arkisto.zip).`).waitFor(WAIT);
  await shots.element(importCard, 'stopped-fi');

  await importCard.getByLabel('Valitse sama tiedosto').setInputFiles(other);
  await importCard.getByText('Tämä ei ole sama tiedosto. Jatka valitsemalla arkisto.zip tai peru lähetys.').waitFor(WAIT);
  await importCard.getByLabel('Valitse sama tiedosto').setInputFiles(file);
  await importCard.getByText('Tuotu: 3 tarinaa, 3 nauhoitusta, 2 lukua, 1 henkilö, 1 paikka, 2 jatkokysymystä, 1 omaelämäkerta.').waitFor(WAIT);
  await shots.element(importCard, 'done-fi');
  const [row] = await db().select().from(archiveImports).where(eq(archiveImports.id, upload.id));
  expect(row.state).toBe('done');
  expect((await db().select({ id: stories.id }).from(stories).where(eq(stories.userId, userId))).length).toBe(3);

  // A file that is no Saaga archive: refused in plain words, nothing added.
  const notArchive = path.join(FILES, 'kuvat.zip');
  writeFileSync(notArchive, Buffer.from('not a zip at all\n'.repeat(200)));
  await importCard.getByLabel('Tuo toinen arkisto').setInputFiles(notArchive);
  await importCard.getByText('Arkistoa ei tuotu. Tämä tiedosto ei ole Saaga-arkisto.').waitFor(WAIT);
  await shots.element(importCard, 'failed-fi');
  expect((await db().select({ id: stories.id }).from(stories).where(eq(stories.userId, userId))).length).toBe(3);

  await page.getByRole('navigation').getByRole('link', { name: 'Kirjasto', exact: true }).click();
  await page.getByText('Kesä mökillä').first().waitFor(WAIT);
  await shots.page(page, 'library-fi');
  await page.goBack();
  await card(page, 'Tuo arkisto').getByText('Arkistoa ei tuotu.', { exact: false }).waitFor(WAIT);
});
