import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, type PDFArray, type PDFNumber } from 'pdf-lib';
import { PNG } from 'pngjs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoList } from '../../../contract/photos.ts';
import type { ListeningPage, PrintBook } from '../../../contract/print-book.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { clipDir, encodeClip } from '../../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { jpegPhoto, PHONE_EXIF, uploadPhotos } from '../../../test/support/photo-files.ts';
import { secretsIn } from '../../../test/support/photo-secrets.ts';
import { seeder } from '../../../test/support/seed.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { waitFor } from '../../../test/support/wait-for.ts';
import { BLEED, coverFrame, TRIM } from './trim.ts';

// The print-ready book through the real server and its job: two PDFs a print shop takes (page
// boxes, embedded fonts, pages in fours, contents that tell the truth), and a QR code by each
// story with a voice that a phone can read and that plays that story.

const run = promisify(execFile);
/** poppler-utils reads the files as a print shop's preflight would; `.ci/run` installs it, a machine without it skips that test and says so. */
const popplerPresent = await run('pdftoppm', ['-v']).then(() => true, () => false);
/** A print of a few pages is seconds of work; the machine may be busy with other test files. */
const PRINTED_MS = 90_000;

let server: TestApp;
let fake: FakeOpenAi;
let scratch: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  scratch = await mkdtemp(path.join(tmpdir(), 'saaga-print-test-'));
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const prose = (sentence: string, times: number) => Array.from({ length: times }, (_, i) => `${sentence} (${i + 1})`).join(' ');

/** An account with a written Finnish book of two chapters: the first's story told aloud and with a phone's photo (GPS in it), the second's typed. */
async function illustratedBook() {
  const { client, id } = await signedUpClient(server.url, `printer-${Math.random().toString(36).slice(2)}@example.com`);
  const seed = seeder(server.database.db);
  const told = await seed.story(id, { title: 'Mökkikesä', content: 'Soudimme joka aamu.', temporalType: 'year', year: 1965 });
  const typed = await seed.story(id, { title: 'Kirjoitettu muisto', content: 'Tämä on kirjoitettu.' });
  const clips = await clipDir();
  const audio = await readFile(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  await clips.remove();
  const audioKey = `users/${id}/recordings/print-test.webm`;
  await server.store.put(audioKey, audio, 'audio/webm');
  await seed.recording(id, { storyId: told.id, audioKey, sizeBytes: audio.length, mimeType: 'audio/webm' });
  const upload = await uploadPhotos(client, `/api/stories/${told.id}/photos`, [{ bytes: await jpegPhoto({ width: 640, height: 480, exif: PHONE_EXIF }), type: 'image/jpeg' }], { caption: 'Laituri' });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const photo = ((await upload.json()) as PhotoList).photos[0];
  // A story published with the teller's voice: its code opens its public page.
  const published = await seed.story(id, { title: 'Julkaistu muisto', content: 'Tämä on julkaistu.' });
  const publishedKey = `users/${id}/recordings/print-test-published.webm`;
  await server.store.put(publishedKey, audio, 'audio/webm');
  const spoken = await seed.recording(id, { storyId: published.id, audioKey: publishedKey, sizeBytes: audio.length, mimeType: 'audio/webm' });
  await seed.publishedStory(id, published.id, `julkaistu-${published.id}`, { voiceSources: [[{ recordingId: spoken.id, start: 0, end: 5 }]] });
  const book = await seed.autobiography(id, 'Elämäni tarinat', {
    processingStatus: 'generated',
    language: 'fi',
    authorName: 'Aino Virtanen',
    chapters: [
      { title: 'Järvellä', content: [prose('Kesäisin soudimme järvellä lentokonesuihkuturbiinimoottoriapumekaanikon kanssa.', 30), prose('Illalla saunoimme.', 20)].join('\n\n'), storyIds: [told.id], removed: [] },
      { title: 'Kaupungissa', content: prose('Talvella asuimme kaupungissa.', 40), storyIds: [typed.id], removed: [] },
      { title: 'Julkaistu', content: prose('Tämä luku on julkaistu.', 10), storyIds: [published.id], removed: [] },
    ],
  });
  return { client, userId: id, book, told, typed, published, photo, audio };
}

async function printed(client: HttpClient, bookId: number): Promise<PrintBook> {
  return waitFor(
    async () => (await (await client.get(`/api/autobiographies/${bookId}/print`)).json()) as PrintBook,
    (print) => print.state === 'ready' || print.state === 'failed',
    PRINTED_MS,
    'the print to be laid out',
  );
}

async function download(client: HttpClient, url: string, name: string): Promise<{ bytes: Buffer; file: string }> {
  const response = await client.get(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = path.join(scratch, name);
  await writeFile(file, bytes);
  return { bytes, file };
}

const box = (page: ReturnType<PDFDocument['getPages']>[number], name: string) =>
  (page.node.get(PDFName.of(name)) as PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());

describe('the print-ready book', () => {
  it.skipIf(!popplerPresent)('lays out an A5 interior and its cover as a print shop expects, with a QR code that plays the story (poppler-utils; skipped when it is not installed)', { timeout: 180_000 }, async () => {
    const { client, book, told, published, photo, audio } = await illustratedBook();
    const started = await client.request('POST', `/api/autobiographies/${book.id}/print`, { trim: 'a5', coverPhotoId: photo.id, dedication: 'Lapsenlapsilleni.' });
    expect(started.status, await started.clone().text()).toBe(202);
    expect(((await started.json()) as PrintBook).state).toBe('queued');
    const print = await printed(client, book.id);
    expect(print.state, JSON.stringify(print)).toBe('ready');
    expect(print.pageCount! % 4).toBe(0);
    // 640 px across the A5 column prints under 200 dpi: the person is told.
    expect(print.warnings).toEqual([expect.objectContaining({ photoId: photo.id, caption: 'Laituri' })]);
    expect(print.warnings[0].dpi).toBeLessThan(200);

    const interior = await download(client, print.interiorUrl!, 'interior.pdf');
    const cover = await download(client, print.coverUrl!, 'cover.pdf');

    // Every page: trim plus bleed, its TrimBox inset by the bleed, its BleedBox the whole.
    const pdf = await PDFDocument.load(interior.bytes);
    expect(pdf.getPageCount()).toBe(print.pageCount);
    const { width, height } = TRIM.a5;
    for (const page of pdf.getPages()) {
      expect(page.getMediaBox()).toMatchObject({ width: expect.closeTo(width + 2 * BLEED, 2), height: expect.closeTo(height + 2 * BLEED, 2) });
      expect(box(page, 'TrimBox').map((n) => Math.round(n))).toEqual([BLEED, BLEED, Math.round(BLEED + width), Math.round(BLEED + height)]);
      expect(box(page, 'BleedBox').map((n) => Math.round(n))).toEqual([0, 0, Math.round(width + 2 * BLEED), Math.round(height + 2 * BLEED)]);
    }

    // The cover: back, spine and front, the spine as thick as the interior's pages.
    const frame = coverFrame('a5', print.pageCount!);
    const coverPage = (await PDFDocument.load(cover.bytes)).getPages()[0];
    expect(coverPage.getWidth()).toBeCloseTo(frame.width, 1);
    expect(box(coverPage, 'TrimBox')[2]).toBeCloseTo(frame.trimBox[2], 1);
    expect(print.spineInches).toBeCloseTo(frame.spine.width / 72, 3);

    // Fonts embedded and subset in both files (Literata has the Finnish letters).
    for (const file of [interior.file, cover.file]) {
      const rows = (await run('pdffonts', [file])).stdout.trim().split('\n').slice(2);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row, file).toMatch(/\+Literata-\S+\s.*\byes\s+yes\b/);
    }

    // The contents' numbers: each chapter's page shows that number at its foot and the chapter's title.
    const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(interior.bytes)), { mergePages: false });
    const contents = pages.findIndex((text) => text.includes('Sisällys'));
    expect(contents).toBeGreaterThan(0);
    for (const title of ['Järvellä', 'Mökkikesä', 'Kaupungissa', 'Kirjoitettu muisto']) {
      const entry = new RegExp(`${title}\\s*(\\d+)`).exec(pages[contents]);
      expect(entry, `${title} in the contents`).not.toBeNull();
      const page = Number(entry![1]);
      expect(pages[page - 1], `page ${page}`).toContain(title);
      expect(pages[page - 1].trim().split(/\s+/)).toContain(String(page));
    }
    // Chapters start on right-hand pages.
    for (const title of ['Järvellä', 'Kaupungissa']) expect(Number(new RegExp(`${title}\\s*(\\d+)`).exec(pages[contents])![1]) % 2).toBe(1);

    // No GPS or camera data in either file: each embedded photo, as its bytes are in the PDF (pdfimages -j).
    for (const file of [interior.file, cover.file]) {
      const images = path.join(scratch, `${path.basename(file)}-image`);
      await run('pdfimages', ['-j', file, images]);
      const found = (await readdir(scratch)).filter((name) => name.startsWith(path.basename(images)) && name.endsWith('.jpg'));
      expect(found.length, file).toBeGreaterThan(0);
      for (const name of found) expect(await secretsIn(await readFile(path.join(scratch, name))), name).toMatchObject({ gps: false, serial: false, exif: false });
    }

    // The told story's code, read from the page at 150 dpi, opens a page that plays its recording.
    const storyPage = Number(new RegExp('Mökkikesä\\s*(\\d+)').exec(pages[contents])![1]);
    const prefix = path.join(scratch, 'story');
    await run('pdftoppm', ['-r', '150', '-png', '-f', String(storyPage), '-l', String(storyPage), '-singlefile', interior.file, prefix]);
    const png = PNG.sync.read(await readFile(`${prefix}.png`));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toMatch(new RegExp(`^${server.url}/listen/[A-Za-z0-9_-]{43}$`));
    const token = code!.data.split('/listen/')[1];
    const page = await fetch(`${server.url}/api/listen/${token}`);
    expect(page.status).toBe(200);
    const listening = (await page.json()) as ListeningPage;
    expect(listening).toMatchObject({ title: told.title, teller: 'Aino Virtanen' });
    const heard = await fetch(`${server.url}${listening.recordings[0].audioUrl}`);
    expect(heard.status).toBe(200);
    expect(Buffer.from(await heard.arrayBuffer()).equals(audio)).toBe(true);

    // The typed story has no voice: its page carries no code.
    const typedPage = Number(new RegExp('Kirjoitettu muisto\\s*(\\d+)').exec(pages[contents])![1]);
    await run('pdftoppm', ['-r', '150', '-png', '-f', String(typedPage), '-l', String(typedPage), '-singlefile', interior.file, `${prefix}-typed`]);
    const typedPng = PNG.sync.read(await readFile(`${prefix}-typed.png`));
    expect(jsQR(new Uint8ClampedArray(typedPng.data), typedPng.width, typedPng.height)).toBeNull();

    // The published story's code opens its public page, which plays the teller's recording.
    const publishedPage = Number(new RegExp('Julkaistu muisto\\s*(\\d+)').exec(pages[contents])![1]);
    await run('pdftoppm', ['-r', '150', '-png', '-f', String(publishedPage), '-l', String(publishedPage), '-singlefile', interior.file, `${prefix}-published`]);
    const publishedPng = PNG.sync.read(await readFile(`${prefix}-published.png`));
    const slug = `julkaistu-${published.id}`;
    expect(jsQR(new Uint8ClampedArray(publishedPng.data), publishedPng.width, publishedPng.height)?.data).toBe(`${server.url}/published/${slug}`);
    const voice = (await (await fetch(`${server.url}/api/published/${slug}/voice`)).json()) as { recordings: { audioUrl: string }[] };
    const publicAudio = await fetch(`${server.url}${voice.recordings[0].audioUrl}`);
    expect(publicAudio.status).toBe(200);
    expect(Buffer.from(await publicAudio.arrayBuffer()).equals(audio)).toBe(true);

    // The owner turns the book's links off: the printed code stops playing.
    expect((await client.request('DELETE', `/api/autobiographies/${book.id}/listening-links`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/listen/${token}`)).status).toBe(404);
  });

  it("is the owner's alone, checks its input in the person's words, and waits for a written book", async () => {
    const { client, book, userId } = await illustratedBook();
    const other = await signedUpClient(server.url, `other-${Math.random().toString(36).slice(2)}@example.com`);
    expect((await other.client.get(`/api/autobiographies/${book.id}/print`)).status).toBe(404);
    expect((await other.client.request('POST', `/api/autobiographies/${book.id}/print`, { trim: '6x9' })).status).toBe(404);
    expect((await fetch(`${server.url}/api/autobiographies/${book.id}/print`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/autobiographies/${book.id}/print`, { method: 'POST' })).status).toBe(401);

    const none = (await (await client.get(`/api/autobiographies/${book.id}/print`)).json()) as PrintBook;
    expect(none).toMatchObject({ state: 'none', interiorUrl: null });
    expect((await client.get(`/api/autobiographies/${book.id}/print/interior.pdf`)).status).toBe(409);

    const badTrim = await client.request('POST', `/api/autobiographies/${book.id}/print`, { trim: 'a4' });
    expect(badTrim.status).toBe(400);
    const strangerPhoto = await seeder(server.database.db).photo(userId, { originalType: 'image/jpeg', width: 10, height: 10, originalBytes: 1, storedBytes: 1 });
    const notInBook = await client.request('POST', `/api/autobiographies/${book.id}/print`, { coverPhotoId: strangerPhoto.id });
    expect(notInBook.status).toBe(400);
    expect(await notInBook.json()).toMatchObject({ code: 'cover_photo_not_in_book' });

    const unwritten = await seeder(server.database.db).autobiography(userId, 'Kesken', { processingStatus: 'processing' });
    const early = await client.request('POST', `/api/autobiographies/${unwritten.id}/print`, {});
    expect(early.status).toBe(409);
  });
});
