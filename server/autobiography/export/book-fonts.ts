import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * Literata (SIL Open Font License), an e-book face, embedded so every letter renders the
 * same everywhere: the Latin files hold ä, ö and å; the Latin Extended ones the rest (š, ž...).
 * Shared by the reading PDF and the print-ready book.
 */
const FONT_FILES = {
  regular: require.resolve('@fontsource/literata/files/literata-latin-400-normal.woff'),
  regularExt: require.resolve('@fontsource/literata/files/literata-latin-ext-400-normal.woff'),
  bold: require.resolve('@fontsource/literata/files/literata-latin-700-normal.woff'),
  boldExt: require.resolve('@fontsource/literata/files/literata-latin-ext-700-normal.woff'),
  italic: require.resolve('@fontsource/literata/files/literata-latin-400-italic.woff'),
} as const;

export type Doc = InstanceType<typeof PDFDocument>;
export type Face = 'regular' | 'bold';

/** Registers the faces under their names (regular, regularExt, bold, boldExt, italic). */
export function registerBookFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
}

/** Text split into runs the main face has glyphs for and runs that need the extended one. */
export function runs(doc: Doc, text: string, face: Face): { font: string; text: string }[] {
  const main = face;
  const ext = face === 'regular' ? 'regularExt' : 'boldExt';
  doc.font(main);
  const mainFont = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
  const out: { font: string; text: string }[] = [];
  for (const char of text) {
    // A soft hyphen is the main face's: pdfkit hides it inside a line only in an embedded face.
    const font = mainFont.hasGlyphForCodePoint(char.codePointAt(0)!) || /[\s\u00AD]/.test(char) ? main : ext;
    const last = out.at(-1);
    if (last && last.font === font) last.text += char;
    else out.push({ font, text: char });
  }
  return out;
}

/** Writes text in one face, switching to the extended face for letters the main one lacks. */
export function write(doc: Doc, text: string, face: Face, options: PDFKit.Mixins.TextOptions = {}) {
  const parts = runs(doc, text, face);
  parts.forEach((part, i) => {
    doc.font(part.font).text(part.text, { ...options, continued: i < parts.length - 1 });
  });
}

/** The width of text in one face at the document's current size, its runs measured in their own faces. */
export function widthOf(doc: Doc, text: string, face: Face): number {
  return runs(doc, text, face).reduce((sum, part) => sum + doc.font(part.font).widthOfString(part.text), 0);
}

/** Text at (x, y), its line's top, in one face's runs; nothing wraps. */
export function drawRuns(doc: Doc, text: string, face: Face, size: number, x: number, y: number): void {
  doc.fontSize(size);
  let at = x;
  for (const run of runs(doc, text, face)) {
    doc.font(run.font).text(run.text, at, y, { lineBreak: false });
    at += doc.widthOfString(run.text);
  }
}
