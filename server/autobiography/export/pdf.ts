import PDFDocument from 'pdfkit';
import { type Doc, registerBookFonts, write } from './book-fonts.ts';
import type { Book, BookPhoto } from '../book.ts';
import { paragraphs } from '../book.ts';

const CONTENTS: Record<Book['language'], string> = { en: 'Contents', fi: 'Sisällys' };

const MARGIN = 54;
/** Room at the right of a contents line for its page number. */
const NUMBER_WIDTH = 40;

/** Space between a chapter's text and a photo, between a photo and its caption, and after the caption. */
const PHOTO_GAP = 14;
const CAPTION_GAP = 5;
const CAPTION_SIZE = 9;
/** A photo takes at most this share of the text block's height, so text and photos share pages as in a printed book. */
const PHOTO_MAX_SHARE = 0.7;

/**
 * A photo in the text block, as large as it fits with its aspect ratio kept (never wider than
 * the text, never taller than 70% of the text block nor than it leaves for the caption), centred, its caption
 * under it. When the photo and its caption do not fit on what is left of the page, both go to
 * the next: a caption never stands apart from its photo.
 */
async function writePhoto(doc: Doc, photo: BookPhoto) {
  const { jpeg, width, height } = await photo.read();
  const textWidth = doc.page.width - 2 * MARGIN;
  const top = doc.page.margins.top;
  const bottom = doc.page.height - doc.page.margins.bottom;
  doc.font('regular').fontSize(CAPTION_SIZE);
  // A little more than measured: a letter of the extended face may be a little wider.
  const captionHeight = photo.caption ? doc.heightOfString(photo.caption, { width: textWidth, align: 'center' }) + CAPTION_GAP + 2 : 0;
  const scale = Math.min(textWidth / width, Math.min((bottom - top) * PHOTO_MAX_SHARE, bottom - top - captionHeight) / height);
  const [w, h] = [width * scale, height * scale];
  let y = doc.y <= top + 1 ? top : doc.y + PHOTO_GAP;
  if (y + h + captionHeight > bottom) {
    doc.addPage();
    y = doc.y;
  }
  doc.image(jpeg, MARGIN + (textWidth - w) / 2, y, { width: w, height: h });
  doc.x = MARGIN;
  doc.y = y + h + CAPTION_GAP;
  if (photo.caption) write(doc, photo.caption, 'regular', { width: textWidth, align: 'center' });
  doc.y += PHOTO_GAP / 2;
}

/** Writes each page's number at the foot of every page but the title page: the number a PDF viewer shows too. */
function numberPages(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start + 1; i < start + count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would start a new page: the margin is lifted while the number is written.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(9).text(String(i + 1), MARGIN, doc.page.height - bottom / 2 - 5, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The book as a PDF (A5): a title page with the author, the contents (as many pages as it
 * takes) listing the chapters with the page each starts on, then each chapter from a new
 * page, its stories' photos with their captions after its text; every page but the title
 * page shows its number, which is also its place in the file. PDF outlines (bookmarks) name
 * the chapters too.
 */
export async function bookPdf(book: Book): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', margin: MARGIN, bufferPages: true, info: { Title: book.title, Author: book.authorName ?? '' }, lang: book.language, displayTitle: true });
  registerBookFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pageIndex = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;

  // Title page.
  doc.fontSize(24);
  doc.moveDown(6);
  write(doc, book.title, 'bold', { align: 'center' });
  doc.fontSize(13);
  if (book.authorName) {
    doc.moveDown(1.5);
    doc.font('italic').text(book.authorName, { align: 'center' });
  }

  // Contents: each line's page and place are kept, its number filled in once the chapters are laid out.
  doc.addPage();
  doc.fontSize(18);
  write(doc, CONTENTS[book.language], 'bold');
  doc.moveDown(1);
  doc.fontSize(12);
  const titleWidth = doc.page.width - 2 * MARGIN - NUMBER_WIDTH;
  const tocLines: { page: number; y: number }[] = [];
  for (const chapter of book.chapters) {
    // A line that would not fit starts the next contents page, so its number is written beside it.
    doc.font('regular');
    if (doc.y + doc.heightOfString(chapter.title, { width: titleWidth }) > doc.page.height - doc.page.margins.bottom) doc.addPage();
    tocLines.push({ page: pageIndex(), y: doc.y });
    write(doc, chapter.title, 'regular', { width: titleWidth });
    doc.moveDown(0.3);
  }

  const chapterPages: number[] = [];
  for (const chapter of book.chapters) {
    doc.addPage();
    chapterPages.push(pageIndex() + 1);
    doc.outline.addItem(chapter.title);
    doc.fontSize(18);
    write(doc, chapter.title, 'bold');
    doc.moveDown(1);
    doc.fontSize(11);
    for (const paragraph of paragraphs(chapter.content)) {
      write(doc, paragraph, 'regular', { align: 'justify', lineGap: 2 });
      doc.moveDown(0.6);
    }
    // Each photo is read, placed and let go before the next: pdfkit writes its bytes out at once.
    for (const photo of chapter.photos ?? []) await writePhoto(doc, photo);
  }

  tocLines.forEach((line, i) => {
    doc.switchToPage(line.page);
    doc.font('regular').fontSize(12).text(String(chapterPages[i]), MARGIN, line.y, { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
  });
  numberPages(doc);
  doc.end();
  return done;
}
