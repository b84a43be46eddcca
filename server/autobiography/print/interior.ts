import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { Language } from '../../../contract/languages.ts';
import { PRINT_LIMITS, type PrintPhotoWarning, type PrintTrim } from '../../../contract/print-book.ts';
import type { photos } from '../../db/schema.ts';
import { paragraphs } from '../book.ts';
import { type Doc, registerBookFonts } from '../export/book-fonts.ts';
import { hyphenate } from './hyphenate.ts';
import { PageFlow, type TextStyle } from './page-flow.ts';
import { photoCaption } from '../book-photos.ts';
import type { PrintChapter, PrintStory } from './print-sources.ts';
import { drawQr } from './qr.ts';
import { gutter, POINTS_PER_INCH } from './trim.ts';

type PhotoRow = typeof photos.$inferSelect;

/** What the interior is made from. */
export interface InteriorInput {
  trim: PrintTrim;
  title: string;
  authorName: string | null;
  language: Language;
  dedication: string | null;
  chapters: PrintChapter[];
  /** The address a story's QR code opens, or null when it has no voice to play. */
  listenUrl(story: PrintStory): string | null;
  /** The photo as JPEG at `pixels` (its printed size at 300 dpi, or its own size when smaller). */
  readPhoto(photo: PhotoRow, pixels: { width: number; height: number }): Promise<Buffer>;
}

export interface InteriorLayout {
  pageCount: number;
  /** The page each chapter starts on, in order. */
  chapterPages: number[];
  /** The page each story's title is on, by story id. */
  storyPages: Map<number, number>;
  warnings: PrintPhotoWarning[];
}

const WORDS: Record<Language, { contents: string; listen: string; people: string }> = {
  en: { contents: 'Contents', listen: 'Listen', people: 'With' },
  fi: { contents: 'Sisällys', listen: 'Kuuntele', people: 'Mukana' },
};

const BODY: TextStyle = { face: 'regular', size: 10.5, leading: 14.5, align: 'justify' };
const INDENT = 14;
const CHAPTER_TITLE: TextStyle = { face: 'bold', size: 20, leading: 25, align: 'center' };
const STORY_TITLE: TextStyle = { face: 'bold', size: 11, leading: 14, align: 'left' };
const META: TextStyle = { face: 'regular', size: 8.5, leading: 11.5, align: 'left' };
const CAPTION: TextStyle = { face: 'regular', size: 8.5, leading: 11, align: 'center' };
const CONTENTS_CHAPTER: TextStyle = { face: 'regular', size: 11, leading: 15, align: 'left' };
const CONTENTS_STORY: TextStyle = { face: 'regular', size: 9, leading: 12.5, align: 'left', indent: 0 };

/** A story's code: 0.8 in a side, the size a phone reads from a hand's length. */
const QR_SIDE = 0.8 * POINTS_PER_INCH;
const QR_GAP = 10;
/** Room at the right of a contents line for its page number. */
const NUMBER_WIDTH = 30;
/** A photo takes at most this share of the text block's height, so text and photos share pages. */
const PHOTO_MAX_SHARE = 0.45;
/** A small photo is never printed larger than this many dots per inch would make it. */
const PHOTO_LEAST_DPI = 150;

/**
 * The interior PDF (issue 30): a title page, the dedication when given, the contents with the
 * page each chapter and story is on, then each chapter from a right-hand page: its prose, then
 * each of its stories under its title with its time, its people and the QR code that plays it,
 * and its photos with their captions. Laid out twice: measured (page numbers, the gutter for
 * the page count, the photos' sizes), then drawn and streamed to `file`, each photo read as the
 * page reaches it, so memory stays flat however long the book. The page count is padded to a
 * multiple of four.
 */
export async function writeInterior(input: InteriorInput, file: string, onPage: (done: number, total: number) => void): Promise<InteriorLayout> {
  // The gutter follows the page count, which follows the gutter: measured until they agree.
  let count = 0;
  let layout = await lay(measuringDoc(), input, count, null);
  for (let i = 0; i < 3 && gutter(layout.pageCount) !== gutter(count); i++) {
    count = layout.pageCount;
    layout = await lay(measuringDoc(), input, count, null);
  }
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: input.title, Author: input.authorName ?? '' },
    lang: input.language,
    displayTitle: true,
  });
  registerBookFonts(doc);
  const out = doc.pipe(createWriteStream(file));
  const drawn = await lay(doc, input, count, layout, (page) => onPage(page, layout.pageCount));
  doc.end();
  await finished(out);
  if (drawn.pageCount !== layout.pageCount) throw new Error(`The book measured ${layout.pageCount} pages but drew ${drawn.pageCount}`);
  return layout;
}

/** A document that only measures: fonts loaded, nothing kept. */
function measuringDoc(): Doc {
  const doc = new PDFDocument({ autoFirstPage: false });
  registerBookFonts(doc);
  doc.on('data', () => {});
  return doc;
}

async function lay(doc: Doc, input: InteriorInput, pageCount: number, measured: InteriorLayout | null, onPage?: (page: number) => void): Promise<InteriorLayout> {
  const draw = measured !== null;
  const flow = new PageFlow(doc, draw, input.trim, pageCount, input.title, onPage);
  const words = WORDS[input.language];
  const text = (value: string) => hyphenate(value, input.language);
  const layout: InteriorLayout = { pageCount: 0, chapterPages: [], storyPages: new Map(), warnings: [] };

  // The title page, and its blank back.
  flow.addPage('plain');
  flow.y = flow.top + flow.frame.text.height * 0.3;
  flow.paragraph(input.title, { face: 'bold', size: 24, leading: 30, align: 'center' });
  if (input.authorName) {
    flow.y += 18;
    flow.paragraph(input.authorName, { face: 'regular', size: 13, leading: 17, align: 'center' });
  }
  if (input.dedication) {
    flow.addRecto('plain');
    flow.y = flow.top + flow.frame.text.height * 0.25;
    for (const part of paragraphs(input.dedication)) {
      flow.paragraph(part, { face: 'regular', size: 11, leading: 16, align: 'center' });
      flow.y += 8;
    }
  }

  // The contents, with the numbers the measuring pass found.
  flow.addRecto('plain');
  flow.paragraph(words.contents, { face: 'bold', size: 16, leading: 22, align: 'left' });
  flow.y += 10;
  input.chapters.forEach((chapter, i) => {
    contentsLine(flow, chapter.title, CONTENTS_CHAPTER, 0, measured?.chapterPages[i]);
    for (const story of chapter.stories) contentsLine(flow, story.title, CONTENTS_STORY, 12, measured?.storyPages.get(story.id));
    flow.y += 4;
  });

  for (const chapter of input.chapters) {
    flow.chapterTitle = chapter.title;
    flow.addRecto('opener');
    layout.chapterPages.push(flow.page);
    if (draw) doc.outline.addItem(chapter.title);
    flow.y = flow.top + flow.frame.text.height * 0.15;
    flow.paragraph(chapter.title, CHAPTER_TITLE);
    flow.y += 24;
    paragraphs(chapter.content).forEach((part, i) => flow.paragraph(text(part), { ...BODY, indent: i === 0 ? 0 : INDENT }));
    for (const story of chapter.stories) {
      await storyBlock(flow, story, input, layout, text, words);
    }
  }

  while (flow.page % 4 !== 0) flow.addPage('plain');
  layout.pageCount = flow.page;
  return layout;
}

/** A contents entry: its title, and its page number at the right of its first line. */
function contentsLine(flow: PageFlow, title: string, style: TextStyle, inset: number, page: number | undefined) {
  const width = flow.width - NUMBER_WIDTH - inset;
  flow.ensure(flow.heightOf(title, style, width));
  const top = flow.y;
  flow.paragraph(title, style, inset, width);
  // After the title, so the page's text reads "title, number" as the eye does.
  if (page !== undefined) {
    const number = String(page);
    flow.text(number, style.face, style.size, flow.left + flow.width - flow.measure(number, style.face, style.size), top);
  }
}

/** A story under its chapter: title, time and people beside its QR code, kept together; then its photos. */
async function storyBlock(
  flow: PageFlow,
  story: PrintStory,
  input: InteriorInput,
  layout: InteriorLayout,
  text: (value: string) => string,
  words: (typeof WORDS)[Language],
) {
  const url = input.listenUrl(story);
  const columnWidth = flow.width - (url ? QR_SIDE + QR_GAP : 0);
  const meta = [story.when, story.people.length > 0 ? `${words.people}: ${story.people.join(', ')}` : null].filter((line): line is string => !!line);
  const textHeight = flow.heightOf(story.title, STORY_TITLE, columnWidth) + meta.reduce((sum, line) => sum + flow.heightOf(line, META, columnWidth), 0);
  const codeHeight = url ? QR_SIDE + META.leading : 0;
  flow.y += 18;
  flow.ensure(Math.max(textHeight, codeHeight));
  const top = flow.y;
  layout.storyPages.set(story.id, flow.page);
  if (url && flow.draw) {
    const x = flow.left + flow.width - QR_SIDE;
    drawQr(flow.doc, url, x, top, QR_SIDE);
    const label = words.listen;
    flow.text(label, 'regular', META.size, x + (QR_SIDE - flow.measure(label, 'regular', META.size)) / 2, top + QR_SIDE);
  }
  flow.paragraph(text(story.title), STORY_TITLE, 0, columnWidth);
  for (const line of meta) flow.paragraph(line, META, 0, columnWidth);
  flow.y = Math.max(flow.y, top + codeHeight);
  for (const photo of story.photos) await photoBlock(flow, photo, input, layout);
}

/** A photo as large as the column and 45% of the text block allow (never past 150 dpi's size), its caption under it, kept together. */
async function photoBlock(flow: PageFlow, photo: PhotoRow, input: InteriorInput, layout: InteriorLayout) {
  const caption = photoCaption(photo, input.language);
  const maxHeight = flow.frame.text.height * PHOTO_MAX_SHARE;
  const scale = Math.min(flow.width / photo.width, maxHeight / photo.height, POINTS_PER_INCH / PHOTO_LEAST_DPI);
  const [width, height] = [photo.width * scale, photo.height * scale];
  const captionHeight = caption ? 5 + flow.heightOf(caption, CAPTION) : 0;
  flow.y += 12;
  flow.ensure(height + captionHeight);
  const dpi = Math.floor(photo.width / (width / POINTS_PER_INCH));
  if (!flow.draw && dpi < PRINT_LIMITS.photoMinDpi) layout.warnings.push({ photoId: photo.id, caption: photo.caption, dpi });
  if (flow.draw) {
    const toPixels = (points: number) => Math.ceil((points / POINTS_PER_INCH) * PRINT_LIMITS.photoDpi);
    const jpeg = await input.readPhoto(photo, { width: toPixels(width), height: toPixels(height) });
    flow.doc.image(jpeg, flow.left + (flow.width - width) / 2, flow.y, { width, height });
  }
  flow.y += height;
  if (caption) {
    flow.y += 5;
    flow.paragraph(caption, CAPTION);
  }
}
