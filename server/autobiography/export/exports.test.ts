import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import sharp from 'sharp';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Book, BookPhoto } from '../book.ts';
import { attachmentHeader } from './download.ts';
import { bookEpub } from './epub.ts';
import { bookMarkdown } from './markdown.ts';
import { bookPdf } from './pdf.ts';

const run = promisify(execFile);

const book: Book = {
  title: 'Elämäni järven rannalla',
  authorName: 'Äijä Öhman',
  language: 'fi',
  chapters: [
    { title: 'Lapsuus Tampereella', content: 'Kasvoin Tampereella siskoni Annan kanssa.\n\nKesällä 1965 uimme järvessä joka päivä. Åke souti.' },
    { title: 'Työvuodet', content: 'Tein töitä paperitehtaalla. <script>alert(1)</script> Šakkia pelattiin tauoilla.' },
  ],
};

/** Debian's epubcheck is an executable jar: run with java, which needs no binfmt set-up. */
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

/** Whether Debian's epubcheck (and Java) is on this machine. */
async function hasEpubcheck(): Promise<boolean> {
  if (!existsSync(EPUBCHECK_JAR)) return false;
  try {
    await run('java', ['-version'], { timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** The text of XHTML with numeric character references decoded. */
const decoded = (xhtml: string) => xhtml.replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
const epubcheckPresent = await hasEpubcheck();

describe('Markdown export', () => {
  it('has the title, the author and each chapter under its heading', () => {
    const text = bookMarkdown(book);
    expect(text.startsWith('# Elämäni järven rannalla\n\n*Äijä Öhman*\n')).toBe(true);
    expect(text).toContain('## Lapsuus Tampereella\n\nKasvoin Tampereella');
    expect(text.indexOf('## Työvuodet')).toBeGreaterThan(text.indexOf('## Lapsuus Tampereella'));
  });
});

describe('EPUB export', () => {
  it('is an EPUB 3 with container, package document, navigation by chapter and the author on the title page', async () => {
    const zip = await JSZip.loadAsync(await bookEpub(book));
    // The mimetype comes first, stored, as the OCF container asks.
    expect(Object.keys(zip.files)[0]).toBe('mimetype');
    expect(await zip.file('mimetype')!.async('string')).toBe('application/epub+zip');
    const container = await zip.file('META-INF/container.xml')!.async('string');
    const opfPath = /full-path="([^"]+)"/.exec(container)![1];
    const opf = await zip.file(opfPath)!.async('string');
    expect(opf).toMatch(/<package[^>]+version="3.0"/);
    expect(opf).toContain('<dc:language>fi</dc:language>');
    expect(opf).toMatch(/<package[^>]+xml:lang="fi"/);
    expect(opf).toContain('Äijä Öhman');
    expect(opf).toMatch(/properties="nav"/);
    const navHref = /<item[^>]+href="([^"]+)"[^>]+properties="nav"|<item[^>]+properties="nav"[^>]+href="([^"]+)"/.exec(opf)!;
    const nav = await zip.file(path.posix.join(path.posix.dirname(opfPath), navHref[1] ?? navHref[2]))!.async('string');
    expect(nav).toContain('epub:type="toc"');
    const tocTitles = [...nav.matchAll(/<a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1].trim());
    expect(tocTitles).toEqual(['Lapsuus Tampereella', 'Työvuodet']);
    const all = await Promise.all(Object.values(zip.files).filter((f) => f.name.endsWith('.xhtml')).map(async (f) => decoded(await f.async('string'))));
    const titlePage = all.find((x) => x.includes('class="author"'))!;
    expect(titlePage).toContain('Äijä Öhman');
    expect(titlePage.match(/<h1>/g)).toHaveLength(1);
    // The model's HTML is text, never markup.
    const work = all.find((x) => x.includes('paperitehtaalla'))!;
    expect(work).not.toContain('<script>');
    expect(work).toContain('&lt;script&gt;');
  });

  it.skipIf(!epubcheckPresent)('passes epubcheck (Debian package "epubcheck"; skipped when it is not installed)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'saaga-epub-'));
    try {
      const file = path.join(dir, 'book.epub');
      writeFileSync(file, await bookEpub(book));
      const result = await run('java', ['-jar', EPUBCHECK_JAR, file], { timeout: 120_000 }).catch((error: { stdout: string; stderr: string }) => error);
      expect(`${result.stdout}\n${result.stderr}`).toContain('No errors or warnings detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('PDF export', () => {
  it('holds the title, the author, the chapter titles in the contents and the text, with Finnish letters', async () => {
    const pdf = await bookPdf(book);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    expect(totalPages).toBe(4);
    const [titlePage, contents, first, second] = text.map((t) => t.replace(/\s+/g, ' '));
    expect(titlePage).toContain('Elämäni järven rannalla');
    expect(titlePage).toContain('Äijä Öhman');
    expect(contents).toContain('Sisällys');
    expect(contents).toContain('Lapsuus Tampereella');
    expect(contents).toContain('Työvuodet');
    expect(first).toContain('Lapsuus Tampereella');
    expect(first).toContain('Kesällä 1965 uimme järvessä joka päivä. Åke souti.');
    expect(second).toContain('Šakkia');
  });
});

// pdf.js reads images with ArrayBuffer.prototype.transferToFixedLength (Node 21 and later); on
// Node 20 it drops the rest of a page's operators, and with them the photos this test looks for.
const arrayBuffer = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: () => ArrayBuffer };
arrayBuffer.transferToFixedLength ??= function (this: ArrayBuffer) {
  return this.slice(0);
};

/** A photo of one flat colour, `width` x `height` pixels, as a book reads it. */
function photo(caption: string, width: number, height: number, colour = { r: 30, g: 90, b: 160 }): BookPhoto & { reads: number } {
  const made = {
    caption,
    reads: 0,
    async read() {
      made.reads += 1;
      const jpeg = await sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();
      return { jpeg, width, height };
    },
  };
  return made;
}

const longText = Array.from({ length: 9 }, (_, i) => `Kappale ${i + 1}: kesällä uimme järvessä joka päivä, ja illalla istuimme laiturilla kuuntelemassa kuikkia.`).join('\n\n');

/** A book whose first chapter nearly fills its page before a tall photo, then more photos. */
const illustrated = (): Book => ({
  ...book,
  chapters: [
    { ...book.chapters[0], content: longText, photos: [photo('Mökki Näsijärven rannalla, 1965', 900, 1200), photo('', 1600, 900)] },
    { ...book.chapters[1], photos: [photo('Šakkilauta tehtaan taukotuvassa', 1000, 1000, { r: 200, g: 120, b: 40 })] },
  ],
});

describe('photos in the books', () => {
  it.skipIf(!epubcheckPresent)('EPUB: opens with its cover photo, the package\'s cover image, and passes epubcheck', async () => {
    const covered = { ...illustrated(), cover: photo('Mökki', 1200, 1600) };
    const bytes = await bookEpub(covered);
    const zip = await JSZip.loadAsync(bytes);
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    const cover = /href="(images\/[^"]+)" media-type="image\/jpeg" properties="cover-image"/.exec(opf);
    expect(cover).not.toBeNull();
    expect(await zip.file('OEBPS/title-page.xhtml')!.async('string')).toMatch(/<div class="cover"><img src="[^"]+" alt="M&#xF6;kki"\/><\/div>|<div class="cover"><img src="[^"]+" alt="Mökki"\/><\/div>/);
    const dir = mkdtempSync(path.join(tmpdir(), 'saaga-epub-'));
    try {
      const file = path.join(dir, 'book.epub');
      writeFileSync(file, bytes);
      const result = await run('java', ['-jar', EPUBCHECK_JAR, file], { timeout: 120_000 }).catch((error: { stdout: string; stderr: string }) => error);
      expect(`${result.stdout}\n${result.stderr}`).toContain('No errors or warnings detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('EPUB: each photo is in the package, in the manifest, in its chapter after the text with its caption as alternative text, else "Kuva"', async () => {
    const zip = await JSZip.loadAsync(await bookEpub(illustrated()));
    const images = Object.values(zip.files).filter((file) => !file.dir && file.name.startsWith('OEBPS/images/')).map((file) => file.name);
    expect(images).toHaveLength(3);
    for (const name of images) {
      const meta = await sharp(await zip.file(name)!.async('nodebuffer')).metadata();
      expect(meta.format).toBe('jpeg');
    }
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    for (const name of images) expect(opf).toContain(`href="${name.slice('OEBPS/'.length)}" media-type="image/jpeg"`);
    const first = decoded(await zip.file('OEBPS/chapter-1.xhtml')!.async('string'));
    const figures = [...first.matchAll(/<figure class="photo"><img src="([^"]+)" alt="([^"]*)"\/>(?:<figcaption>([^<]*)<\/figcaption>)?<\/figure>/g)];
    expect(figures.map((m) => [m[2], m[3]])).toEqual([
      ['Mökki Näsijärven rannalla, 1965', 'Mökki Näsijärven rannalla, 1965'],
      ['Kuva', undefined],
    ]);
    expect(first.indexOf('<figure')).toBeGreaterThan(first.indexOf('Kappale 9'));
    for (const [, src] of figures) expect(images).toContain(`OEBPS/${src}`);
    expect(decoded(await zip.file('OEBPS/chapter-2.xhtml')!.async('string'))).toContain('<figcaption>Šakkilauta tehtaan taukotuvassa</figcaption>');
  });

  it.skipIf(!epubcheckPresent)('EPUB with photos passes epubcheck', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'saaga-epub-'));
    try {
      const file = path.join(dir, 'book.epub');
      writeFileSync(file, await bookEpub(illustrated()));
      const result = await run('java', ['-jar', EPUBCHECK_JAR, file], { timeout: 120_000 }).catch((error: { stdout: string; stderr: string }) => error);
      expect(`${result.stdout}\n${result.stderr}`).toContain('No errors or warnings detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('PDF: each photo is an image on the page, its shape kept, inside the text block, its caption on the same page under it', async () => {
    const pdf = await bookPdf(illustrated());
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(3);
    const { OPS } = await getResolvedPDFJS();
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const placed: { page: number; width: number; height: number; x: number; top: number }[] = [];
    const captions: { page: number; text: string; y: number }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const height = page.view[3];
      const ops = await page.getOperatorList();
      let matrix: number[] = [];
      ops.fnArray.forEach((fn, i) => {
        if (fn === OPS.transform) matrix = ops.argsArray[i] as number[];
        if (fn === OPS.paintImageXObject) placed.push({ page: n, width: Math.abs(matrix[0]), height: Math.abs(matrix[3]), x: matrix[4], top: matrix[5] - Math.abs(matrix[3]) });
      });
      for (const item of (await page.getTextContent()).items) {
        if ('str' in item && /Mökki|taukotuvassa/.test(item.str)) captions.push({ page: n, text: item.str, y: height - item.transform[5] });
      }
    }
    expect(placed).toHaveLength(3);
    const shapes = [900 / 1200, 1600 / 900, 1];
    placed.forEach((image, i) => {
      expect(image.width / image.height).toBeCloseTo(shapes[i], 2);
      expect(image.x).toBeGreaterThanOrEqual(54 - 0.5);
      expect(image.x + image.width).toBeLessThanOrEqual(420 - 54 + 0.5);
      expect(image.top).toBeGreaterThanOrEqual(54 - 0.5);
    });
    // The tall photo did not fit under the long text: it went to the next page, its caption with it, under it.
    const [cottage, , board] = placed;
    const cottageCaption = captions.find((c) => c.text.startsWith('Mökki'))!;
    expect(cottage.page).toBeGreaterThan(3);
    expect(cottageCaption.page).toBe(cottage.page);
    expect(cottageCaption.y).toBeGreaterThan(cottage.top + cottage.height);
    const boardCaption = captions.find((c) => c.text.includes('taukotuvassa'))!;
    expect([boardCaption.page, boardCaption.y > board.top + board.height]).toEqual([board.page, true]);
  });

  it('PDF: a photo is read only when the book gets to it, and only once', async () => {
    const book = illustrated();
    await bookPdf(book);
    for (const chapter of book.chapters) for (const p of chapter.photos ?? []) expect((p as ReturnType<typeof photo>).reads).toBe(1);
  });
});

describe('download names', () => {
  it('are attachments with a safe ASCII name and the exact title', () => {
    expect(attachmentHeader('Elämäni: "järvi"/../', 'pdf')).toBe(
      `attachment; filename="Elamani-jarvi.pdf"; filename*=UTF-8''${encodeURIComponent('Elämäni: "järvi" ...pdf')}`,
    );
    expect(attachmentHeader('???', 'epub')).toBe(`attachment; filename="autobiography.epub"; filename*=UTF-8''${encodeURIComponent('???.epub')}`);
  });
});
