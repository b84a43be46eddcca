import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { Language } from '../../../contract/languages.ts';
import { PRINT_LIMITS, type PrintTrim } from '../../../contract/print-book.ts';
import { type Doc, drawRuns, registerBookFonts, widthOf } from '../export/book-fonts.ts';
import { breakLines } from './lines.ts';
import { BLEED, coverFrame, POINTS_PER_INCH, TRIM } from './trim.ts';

export interface CoverInput {
  trim: PrintTrim;
  pageCount: number;
  title: string;
  authorName: string | null;
  language: Language;
  /** The chosen photo as JPEG at `pixels`, with its own shape; null for a cover of colour and type only. */
  photo: { width: number; height: number; read(pixels: { width: number; height: number }): Promise<Buffer> } | null;
}

/** A deep, warm ground that prints well on any paper, the type on it white. */
const GROUND = '#2f3e46';
const INK = '#ffffff';
/** Text keeps this far inside the trim, and the spine's text inside its edges (a binding drifts). */
const SAFE = 0.375 * POINTS_PER_INCH;
const SPINE_SAFE = 0.0625 * POINTS_PER_INCH;

const BACK_TEXT: Record<Language, string> = {
  en: 'Every story in this book was told aloud. Scan the code beside a story’s title to hear it in the teller’s own voice.',
  fi: 'Jokainen tämän kirjan tarina on kerrottu ääneen. Skannaa tarinan otsikon vieressä oleva koodi, niin kuulet sen kertojan omalla äänellä.',
};

/**
 * The cover as one spread (issue 30): back, spine and front side by side with the bleed round
 * the whole, the spine as wide as the interior's pages are thick. The ground runs to the bleed;
 * the front carries the chosen photo, the title and the author; the spine their names from
 * 100 pages (thinner spines cannot hold type); the back a line about the voices inside.
 */
export async function writeCover(input: CoverInput, file: string): Promise<{ spineInches: number }> {
  const frame = coverFrame(input.trim, input.pageCount);
  const { height } = TRIM[input.trim];
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: input.title, Author: input.authorName ?? '' }, lang: input.language });
  registerBookFonts(doc);
  const out = doc.pipe(createWriteStream(file));
  doc.addPage({ size: [frame.width, frame.height], margin: 0 });
  const dictionary = doc.page.dictionary as unknown as { data: Record<string, unknown> };
  dictionary.data.TrimBox = frame.trimBox;
  dictionary.data.BleedBox = [0, 0, frame.width, frame.height];

  doc.rect(0, 0, frame.width, frame.height).fill(GROUND);
  doc.fillColor(INK);

  // The front: the photo in its upper part, as large as fits with its shape, then title and author.
  const front = { left: frame.front.left + SAFE, width: frame.front.width - 2 * SAFE, top: BLEED + SAFE };
  let y = front.top + height * 0.08;
  if (input.photo) {
    const box = { width: front.width, height: height * 0.5 };
    const scale = Math.min(box.width / input.photo.width, box.height / input.photo.height);
    const [w, h] = [input.photo.width * scale, input.photo.height * scale];
    const pixels = { width: Math.ceil((w / POINTS_PER_INCH) * PRINT_LIMITS.photoDpi), height: Math.ceil((h / POINTS_PER_INCH) * PRINT_LIMITS.photoDpi) };
    doc.image(await input.photo.read(pixels), front.left + (front.width - w) / 2, y, { width: w, height: h });
    y += h + 28;
  } else {
    y = BLEED + height * 0.3;
  }
  doc.fillColor(INK);
  y = centred(doc, input.title, 'bold', 26, 32, front.left, front.width, y);
  if (input.authorName) centred(doc, input.authorName, 'regular', 14, 18, front.left, front.width, y + 14);

  // The spine: title and author reading from top to bottom, centred on its width.
  if (frame.spineTitle) {
    const label = [input.title, input.authorName].filter(Boolean).join('  ·  ');
    const size = Math.min(11, frame.spine.width - 2 * SPINE_SAFE);
    doc.fontSize(size);
    const room = height - 2 * SAFE;
    let shown = label;
    while (shown.length > 1 && widthOf(doc, shown, 'bold') > room) shown = shown.slice(0, -1);
    const text = shown === label ? shown : `${shown.trimEnd()}…`;
    // Turned a quarter clockwise about the spine's top: the line runs down the spine, its letters' feet to the back.
    doc.save();
    doc.translate(frame.spine.left + frame.spine.width / 2 + size * 0.6, BLEED + SAFE);
    doc.rotate(90);
    doc.fillColor(INK);
    drawRuns(doc, text, 'bold', size, (room - widthOf(doc, text, 'bold')) / 2, 0);
    doc.restore();
  }

  // The back: a few lines about the voices behind the stories.
  const back = { left: frame.back.left + SAFE, width: frame.back.width - 2 * SAFE };
  doc.fillColor(INK);
  centred(doc, BACK_TEXT[input.language], 'regular', 11, 16, back.left, back.width, BLEED + height * 0.35);

  doc.end();
  await finished(out);
  return { spineInches: frame.spine.width / POINTS_PER_INCH };
}

/** Lines of `text` centred in a column from `y`; gives back the y under them. */
function centred(doc: Doc, text: string, face: 'regular' | 'bold', size: number, leading: number, left: number, width: number, y: number): number {
  doc.fontSize(size);
  for (const line of breakLines(text, width, (piece) => widthOf(doc, piece, face))) {
    const shown = line.words.join(' ');
    doc.fontSize(size);
    drawRuns(doc, shown, face, size, left + (width - widthOf(doc, shown, face)) / 2, y);
    y += leading;
  }
  return y;
}
