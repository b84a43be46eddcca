import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../../../contract/autobiography.ts';
import type { PhotoList } from '../../../contract/photos.ts';
import { type HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { jpegPhoto, PHONE_EXIF, pngPhoto, uploadPhotos } from '../../../test/support/photo-files.ts';
import { seeder } from '../../../test/support/seed.ts';
import { secretsIn } from '../../../test/support/photo-secrets.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { clipDir, encodeClip } from '../../../test/support/audio-clips.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import type { TranscriptTimings } from '../../../contract/voice.ts';
import { familyMembers, recordings, stories, users } from '../../db/schema.ts';
import { readFile } from 'node:fs/promises';
import type { StoredBookChapter } from '../book-plan.ts';

// The downloads of a written book (Markdown, EPUB, PDF) through the real server: an export
// never fetches an address written in the text, the EPUB names its author, and the PDF's
// contents gives the pages its chapters are really on.

let server: TestApp;
let listener: Server;
/** Every request the listener got: an export must cause none. */
let requests: string[] = [];
let origin: string;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  listener = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': request.url?.endsWith('.png') ? 'image/png' : 'text/html' }).end('FETCHED-FROM-THE-LISTENER');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
beforeEach(() => {
  requests = [];
});
afterAll(async () => {
  await new Promise((resolve) => listener?.close(resolve));
  await server?.close();
});

let accounts = 0;
async function account(): Promise<{ client: HttpClient; id: string }> {
  accounts += 1;
  return signedUpClient(server.url, `exporter${accounts}@example.com`);
}

const chapter = (title: string, content: string): StoredBookChapter => ({ title, content, storyIds: [], removed: [] });

async function writtenBook(userId: string, chapters: StoredBookChapter[], fields: { title?: string; authorName?: string | null } = {}) {
  return seeder(server.database.db).autobiography(userId, fields.title ?? 'Elämäni', {
    processingStatus: 'generated',
    language: 'fi',
    authorName: fields.authorName ?? null,
    chapters,
  });
}

async function download(client: HttpClient, id: number, format: string): Promise<Buffer> {
  const response = await client.get(`/api/autobiographies/${id}/export/${format}`);
  expect(response.status, format).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The EPUB's files by name, as text. */
async function epubFiles(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const files = new Map<string, string>();
  for (const file of Object.values(zip.files)) if (!file.dir) files.set(file.name, await file.async('string'));
  return files;
}
const decoded = (xhtml: string) =>
  xhtml
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('exports never fetch what the text names', () => {
  const hostile = () => ({
    image: `![Kuva järvestä](${origin}/markdown-image.png)`,
    link: `[lue lisää](${origin}/markdown-link)`,
    html: `<img src="${origin}/html-image.png"> ja <a href="${origin}/html-link">linkki</a>`,
    auto: `<${origin}/autolink>`,
  });

  it.each(EXPORT_FORMATS)('%s: an image, a link and HTML in the text are written as text, and nothing is requested', async (format) => {
    const { client, id } = await account();
    const text = hostile();
    const book = await writtenBook(id, [
      chapter('Järvellä', `Kesällä 1965 uimme. ${text.image}\n\nIsä souti. ${text.link}\n\n${text.html} ${text.auto}`),
      chapter(`Otsikko ${text.image}`, 'Tein töitä paperitehtaalla.'),
    ]);
    const bytes = await download(client, book.id, format);
    expect(requests).toEqual([]);
    expect(bytes.includes('FETCHED-FROM-THE-LISTENER')).toBe(false);

    if (format === 'epub') {
      const files = await epubFiles(bytes);
      expect([...files.keys()].filter((name) => !/\.(xhtml|opf|ncx|css|xml)$|^mimetype$/.test(name))).toEqual([]);
      const chapters = [...files].filter(([name]) => /chapter-\d+\.xhtml$/.test(name)).map(([, xhtml]) => xhtml);
      for (const xhtml of chapters) {
        expect(xhtml).not.toMatch(/<img\b/i);
        expect(xhtml).not.toMatch(/<a\b/i);
        expect(xhtml).not.toMatch(/\s(src|href)="http/i);
      }
      const all = decoded(chapters.join('\n'));
      for (const written of Object.values(text)) expect(all).toContain(written);
    }
    if (format === 'markdown') {
      const markdown = bytes.toString('utf8');
      // Escaped: a Markdown viewer shows the characters and makes no image, link or element.
      expect(markdown).toContain(`!\\[Kuva järvestä\\](${origin}/markdown-image.png)`);
      expect(markdown).toContain(`\\[lue lisää\\](${origin}/markdown-link)`);
      expect(markdown).toContain(`\\<img src="${origin}/html-image.png">`);
      expect(markdown).toContain(`\\<${origin}/autolink>`);
      expect(markdown).not.toMatch(/(?<!\\)!\[|(?<!\\)<img|(?<!\\)<a /);
    }
    if (format === 'pdf') {
      const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      // Written as text (a long address may wrap): compared without spaces.
      const squeezed = pages.replace(/\s+/g, '');
      for (const written of Object.values(text)) expect(squeezed).toContain(written.replace(/\s+/g, ''));
    }
  });
});

describe('the EPUB names its author', () => {
  const creatorOf = async (bytes: Buffer) => {
    const files = await epubFiles(bytes);
    const opf = files.get('OEBPS/content.opf')!;
    expect([...files.values()].join('\n')).not.toMatch(/anonymous/i);
    return [...opf.matchAll(/<dc:creator[^>]*>([^<]*)<\/dc:creator>/g)].map((m) => m[1]);
  };

  it('with the author name chosen in Settings, as creator and copyright holder, never "anonymous"', async () => {
    const { client, id } = await account();
    expect((await client.put('/api/auth/author-name', { authorName: 'Äijä Öhman' })).status).toBe(200);
    const book = await writtenBook(id, [chapter('Järvellä', 'Kesällä 1965 uimme.')], { authorName: 'Äijä Öhman' });
    const bytes = await download(client, book.id, 'epub');
    expect(await creatorOf(bytes)).toEqual(['Äijä Öhman']);
    expect((await epubFiles(bytes)).get('OEBPS/content.opf')).toMatch(/<dc:rights>[^<]*Äijä Öhman<\/dc:rights>/);
  });

  it('with the account\'s first and last name when the book has none, and the Settings name once there is one', async () => {
    const { client, id } = await account();
    await server.database.db.update(users).set({ firstName: 'Aino', lastName: 'Virtanen', authorName: null }).where(eq(users.id, id));
    const book = await writtenBook(id, [chapter('Järvellä', 'Kesällä 1965 uimme.')]);
    expect(await creatorOf(await download(client, book.id, 'epub'))).toEqual(['Aino Virtanen']);
    expect((await client.put('/api/auth/author-name', { authorName: 'A. V. Kirjoittaja' })).status).toBe(200);
    expect(await creatorOf(await download(client, book.id, 'epub'))).toEqual(['A. V. Kirjoittaja']);
  });

  it('the book asked for is signed by the same rule: Settings name, else first and last name', async () => {
    const { client, id } = await account();
    await server.database.db.update(users).set({ firstName: 'Aino', lastName: 'Virtanen', authorName: null }).where(eq(users.id, id));
    const story = await seeder(server.database.db).story(id, { title: 'Järvellä', content: 'Kesällä 1965 uimme.' });
    const response = await client.post('/api/autobiography', { storyIds: [story.id], title: 'Elämäni', language: 'fi' });
    expect(response.status).toBe(202);
    expect((await response.json()).authorName).toBe('Aino Virtanen');
  });
});

describe('the PDF\'s page numbers', () => {
  /** Each page's lines (text items on one baseline, left to right), top to bottom, with their height from the page's foot. */
  async function pdfLines(bytes: Buffer): Promise<{ y: number; text: string }[][]> {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const pages: { y: number; text: string }[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const byY = new Map<number, { x: number; str: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const y = Math.round(item.transform[5]);
        byY.set(y, [...(byY.get(y) ?? []), { x: item.transform[4], str: item.str }]);
      }
      pages.push(
        [...byY]
          .sort(([a], [b]) => b - a)
          .map(([y, items]) => ({ y, text: items.sort((a, b) => a.x - b.x).map((i) => i.str).join('').replace(/\s+/g, ' ').trim() })),
      );
    }
    return pages;
  }

  it('lists each chapter at the page it starts on, over contents of more than one page, and numbers every page', async () => {
    const { client, id } = await account();
    const long = Array.from({ length: 14 }, (_, i) => `Kappale ${i + 1}: kesällä uimme järvessä joka päivä, ja illalla istuimme laiturilla kuuntelemassa kuikkia.`).join('\n\n');
    const titles = Array.from({ length: 36 }, (_, i) => `Luku ${String(i + 1).padStart(2, '0')} järvellä`);
    const book = await writtenBook(id, titles.map((title, i) => chapter(title, i % 5 === 0 ? long : 'Lyhyt muisto.')), { authorName: 'Äijä Öhman' });
    const pages = await pdfLines(await download(client, book.id, 'pdf'));

    // Every page but the title page carries its own number at its foot.
    pages.forEach((lines, i) => {
      if (i === 0) return;
      const foot = lines.at(-1)!;
      expect(foot.text, `page ${i + 1}`).toBe(String(i + 1));
      expect(foot.y, `page ${i + 1}`).toBeLessThan(54);
    });

    // The contents: a title line ends with the number of the page its chapter opens on.
    const claimed = new Map<string, number>();
    for (const lines of pages.slice(1)) {
      for (const line of lines) {
        const match = /^(Luku \d{2} järvellä) ?(\d+)$/.exec(line.text);
        if (match) claimed.set(match[1], Number(match[2]));
      }
      if (lines.some((line) => line.text.startsWith('Luku 01') && !/\d+$/.test(line.text.slice(8)))) break;
    }
    const contentsPages = pages.findIndex((lines) => lines[0]?.text === titles[0]);
    expect(contentsPages).toBeGreaterThan(2); // the contents took more than one page
    expect([...claimed.keys()]).toEqual(titles);
    for (const title of titles) {
      const page = pages[claimed.get(title)! - 1];
      expect(page[0].text, `${title} on page ${claimed.get(title)}`).toBe(title);
    }
  });
});

describe("the books carry each story's photos", () => {
  /** A story with two photos uploaded through the route (a phone's JPEG with GPS, then a PNG chosen as cover) and a book written from it. */
  async function illustratedBook() {
    const { client, id } = await account();
    const seed = seeder(server.database.db);
    const story = await seed.story(id, { title: 'Mökki', content: 'Soudimme joka aamu.' });
    const other = await seed.story(id, { title: 'Toinen', content: 'Ei kuvia tässä.' });
    const upload = async (bytes: Buffer, type: string, caption: string) => {
      const response = await uploadPhotos(client, `/api/stories/${story.id}/photos`, [{ bytes, type }], caption ? { caption } : {});
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as PhotoList).photos[0];
    };
    const phone = await jpegPhoto({ width: 640, height: 480, exif: PHONE_EXIF });
    expect(await exifr.gps(phone)).toMatchObject({ latitude: expect.any(Number) });
    await upload(phone, 'image/jpeg', 'Laituri 1965');
    const cover = await upload(await pngPhoto(300, 400), 'image/png', '');
    // Chosen as the cover (set in the row: choosing is the story's own route).
    await server.database.db.update(stories).set({ coverPhotoId: cover.id }).where(eq(stories.id, story.id));
    const book = await writtenBook(id, [
      { title: 'Järvellä', content: 'Kesällä 1965 soudimme.', storyIds: [story.id], removed: [] },
      { title: 'Muuta', content: 'Toinen luku.', storyIds: [other.id], removed: [] },
    ]);
    return { client, book };
  }

  it("EPUB: the chapter's photos, cover first, in the package from the display copies: no GPS, no camera data", async () => {
    const { client, book } = await illustratedBook();
    const bytes = await download(client, book.id, 'epub');
    expect(requests).toEqual([]);
    const zip = await JSZip.loadAsync(bytes);
    const images = Object.values(zip.files).filter((file) => !file.dir && file.name.startsWith('OEBPS/images/'));
    // The two photos, and the first again as the cover on the title page (issue 30), marked as the package's cover image.
    expect(images).toHaveLength(3);
    expect((await zip.file('OEBPS/content.opf')!.async('string')).match(/properties="cover-image"/g)).toHaveLength(1);
    expect(decoded(await zip.file('OEBPS/title-page.xhtml')!.async('string'))).toMatch(/<div class="cover"><img src="[^"]+" alt="Kuva"\/><\/div><h1>/);
    for (const image of images) {
      const jpeg = await image.async('nodebuffer');
      expect(await secretsIn(jpeg), image.name).toMatchObject({ gps: false, serial: false });
    }
    const chapter = decoded(await zip.file('OEBPS/chapter-1.xhtml')!.async('string'));
    expect([...chapter.matchAll(/<img src="[^"]+" alt="([^"]*)"/g)].map((m) => m[1])).toEqual(['Kuva', 'Laituri 1965']);
    expect(decoded(await zip.file('OEBPS/chapter-2.xhtml')!.async('string'))).not.toContain('<img');
  });

  it("PDF: the chapter's photos are images in the file, with the caption", async () => {
    const { client, book } = await illustratedBook();
    const pdf = await download(client, book.id, 'pdf');
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('Laituri 1965');
  });
});

describe("the EPUB carries the story's recordings (issue 29)", () => {
  const timings: TranscriptTimings = {
    source: 'aligned',
    sentences: [
      { text: 'And so my fellow Americans, ask not what your country can do for you,', start: 0.3, end: 7.5 },
      { text: 'ask what you can do for your country.', start: 8, end: 10.7 },
    ],
  };

  it("the story's own recordings in its order, the timed one with a Media Overlay; never a family reply or another person's story", async () => {
    const clips = await clipDir();
    try {
      const webm = (clip: string) => encodeClip(clip, 'webm-opus', clips.dir).then((file) => readFile(file));
      const [jfk, english] = [await webm(CLIPS.jfk), await webm(CLIPS.english)];
      const seed = seeder(server.database.db);
      const stored = async (userId: string, bytes: Buffer, fields: Partial<typeof recordings.$inferInsert>) => {
        const audioKey = `users/${userId}/recordings/${Math.random().toString(36).slice(2)}.webm`;
        await server.store.put(audioKey, bytes, 'audio/webm');
        return seed.recording(userId, { audioKey, sizeBytes: bytes.length, ...fields });
      };
      const { client, id } = await account();
      const other = await account();
      const story = await seed.story(id, { title: 'Puhe', content: 'Kuuntelin puhetta.' });
      const theirs = await seed.story(other.id, { title: 'Vieras', content: 'Ei sinun.' });
      const [reader] = await server.database.db.insert(familyMembers).values({ userId: id, name: 'Anna' }).returning();
      await stored(id, english, { storyId: story.id, orderIndex: 1, transcription: 'I grew up on a farm near Tampere.', contributorName: 'Serkku Veikko' });
      await stored(id, jfk, { storyId: story.id, orderIndex: 0, transcription: timings.sentences.map((s) => s.text).join(' '), transcriptTimings: timings, duration: 11 });
      await stored(id, english, { storyId: story.id, orderIndex: 2, transcription: 'A FAMILY REPLY', familyMemberId: reader.id });
      await stored(other.id, jfk, { storyId: theirs.id, transcription: 'SOMEONE ELSES WORDS' });
      const book = await writtenBook(id, [{ title: 'Puheet', content: 'Kuuntelin puhetta radiosta.', storyIds: [story.id, theirs.id], removed: [] }]);

      const files = await epubFiles(await download(client, book.id, 'epub'));
      expect(requests).toEqual([]);
      expect([...files.keys()].filter((name) => name.startsWith('OEBPS/audio/'))).toEqual(['OEBPS/audio/recording-1.m4a', 'OEBPS/audio/recording-2.m4a']);
      const chapter = decoded(files.get('OEBPS/chapter-1.xhtml')!);
      expect(chapter.indexOf('fellow Americans')).toBeLessThan(chapter.indexOf('Kertoja: Serkku Veikko'));
      expect(chapter).not.toContain('A FAMILY REPLY');
      expect(chapter).not.toContain('SOMEONE ELSES WORDS');
      const clipsOf = [...files.get('OEBPS/chapter-1.smil')!.matchAll(/<audio src="audio\/recording-1.m4a" clipBegin="0:00:([\d.]+)" clipEnd="0:00:([\d.]+)"\/>/g)];
      expect(clipsOf.map((m) => [Number(m[1]), Number(m[2])])).toEqual(timings.sentences.map((s) => [s.start, s.end]));
      expect(files.get('OEBPS/content.opf')).toMatch(/href="chapter-1.xhtml" media-type="application\/xhtml\+xml" media-overlay="overlay_1"/);
    } finally {
      await clips.remove();
    }
  }, 120_000);
});
