import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Book } from '../book.ts';
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

describe('download names', () => {
  it('are attachments with a safe ASCII name and the exact title', () => {
    expect(attachmentHeader('Elämäni: "järvi"/../', 'pdf')).toBe(
      `attachment; filename="Elamani-jarvi.pdf"; filename*=UTF-8''${encodeURIComponent('Elämäni: "järvi" ...pdf')}`,
    );
    expect(attachmentHeader('???', 'epub')).toBe(`attachment; filename="autobiography.epub"; filename*=UTF-8''${encodeURIComponent('???.epub')}`);
  });
});
