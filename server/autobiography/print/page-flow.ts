import { type Doc, drawRuns, type Face, widthOf } from '../export/book-fonts.ts';
import { breakLines, splitForPage } from './lines.ts';
import { BLEED, margins, type PageFrame, pageFrame, TRIM, type TrimSize } from './trim.ts';

/**
 * The pages of the printed book, filled from the top down (issue 30). Each page gets its frame
 * (mirrored margins, the gutter for the book's page count), its TrimBox and BleedBox, and, on
 * text pages, its running head and its number. Everything that goes on a page is measured
 * before it is placed, so a measuring pass (`draw` false: nothing drawn, no photo read) and the
 * drawing pass break the same lines onto the same pages.
 */

export type PageKind =
  /** A page with nothing printed on its margins: the title, dedication, a blank verso. */
  | 'plain'
  /** A chapter's first page: its number, no running head. */
  | 'opener'
  /** Running head (book title left, chapter right) and number. */
  | 'body';

const HEAD_SIZE = 8;
const FOLIO_SIZE = 9;

export interface TextStyle {
  face: Face;
  size: number;
  /** From one line's top to the next's. */
  leading: number;
  align: 'justify' | 'left' | 'center';
  /** The first line starts this far in. */
  indent?: number;
  /** Narrower than the text block by this much, on the right. */
  rightInset?: number;
}

export class PageFlow {
  page = 0;
  y = 0;
  frame!: PageFrame;
  /** The chapter a body page's running head names. */
  chapterTitle = '';

  constructor(
    readonly doc: Doc,
    readonly draw: boolean,
    private readonly trim: TrimSize,
    private readonly pageCount: number,
    private readonly bookTitle: string,
    private readonly onPage: (page: number) => void = () => {},
  ) {}

  get left() {
    return this.frame.text.left;
  }
  get width() {
    return this.frame.text.width;
  }
  get top() {
    return this.frame.text.top;
  }
  get bottom() {
    return this.frame.text.top + this.frame.text.height;
  }

  addPage(kind: PageKind): void {
    this.page++;
    this.frame = pageFrame(this.trim, this.pageCount, this.page);
    this.y = this.top;
    if (this.draw) {
      const { doc, frame } = this;
      doc.addPage({ size: [frame.mediaWidth, frame.mediaHeight], margin: 0 });
      // What a print shop's preflight reads: where the sheet is cut, and how far the ink may run.
      const dictionary = doc.page.dictionary as unknown as { data: Record<string, unknown> };
      dictionary.data.TrimBox = frame.trimBox;
      dictionary.data.BleedBox = frame.bleedBox;
      if (kind === 'body') this.runningHead();
      if (kind !== 'plain') this.folio();
    }
    this.onPage(this.page);
  }

  /** A new right-hand page (odd), with a blank left-hand one before it when needed. */
  addRecto(kind: PageKind): void {
    if (this.page % 2 === 1) this.addPage('plain');
    this.addPage(kind);
  }

  /** Moves to a new body page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom + 0.01) this.addPage('body');
  }

  /** Text in one face at `x`, `y` (its line's top), in runs of the main and extended faces. */
  text(value: string, face: Face, size: number, x: number, y: number): void {
    if (this.draw) drawRuns(this.doc, value, face, size, x, y);
  }

  measure(value: string, face: Face, size: number): number {
    this.doc.fontSize(size);
    return widthOf(this.doc, value, face);
  }

  /** The lines `value` breaks into in this style, in a column of `width`. */
  lines(value: string, style: TextStyle, width = this.width - (style.rightInset ?? 0)) {
    return breakLines(value, width, (piece) => this.measure(piece, style.face, style.size), style.indent ?? 0);
  }

  /** The height of `value` in this style. */
  heightOf(value: string, style: TextStyle, width?: number): number {
    return this.lines(value, style, width).length * style.leading;
  }

  /**
   * A paragraph, broken across pages with at least two of its lines on each side of a break
   * (no widow, no orphan). Lines of a justified paragraph but its last fill the column, which
   * starts `inset` into the text block.
   */
  paragraph(value: string, style: TextStyle, inset = 0, width = this.width - (style.rightInset ?? 0) - inset): void {
    const lines = this.lines(value, style, width);
    let i = 0;
    while (i < lines.length) {
      const room = Math.floor((this.bottom - this.y + 0.01) / style.leading);
      const here = splitForPage(lines.length - i, room);
      if (here === 0) {
        this.addPage('body');
        continue;
      }
      for (const line of lines.slice(i, i + here)) {
        // From this page's text block: a paragraph that runs on to a facing page moves with its margins.
        const indent = line === lines[0] ? (style.indent ?? 0) : 0;
        this.line(line.words, style, this.left + inset + indent, width - indent, style.align === 'justify' && !line.last);
        this.y += style.leading;
      }
      i += here;
      if (i < lines.length) this.addPage('body');
    }
  }

  /** One line's words: spread to the column's width when justified, else placed as the style aligns them. */
  private line(words: string[], style: TextStyle, x: number, width: number, justify: boolean): void {
    if (!this.draw) return;
    const widths = words.map((word) => this.measure(word, style.face, style.size));
    const natural = widths.reduce((sum, w) => sum + w, 0);
    const space = this.measure(' ', style.face, style.size);
    const gap = justify && words.length > 1 ? (width - natural) / (words.length - 1) : space;
    const used = natural + gap * (words.length - 1);
    let at = style.align === 'center' ? x + (width - used) / 2 : x;
    words.forEach((word, n) => {
      this.text(word, style.face, style.size, at, this.y);
      at += widths[n] + gap;
    });
  }

  /** Verso: the book's title; recto: the chapter's. Italic would lack the extended letters, so regular, small. */
  private runningHead(): void {
    const label = this.page % 2 === 0 ? this.bookTitle : this.chapterTitle;
    const shown = this.fitted(label, HEAD_SIZE);
    const y = BLEED + margins(this.trim, this.pageCount).top / 2 - HEAD_SIZE / 2;
    this.text(shown, 'regular', HEAD_SIZE, this.left + (this.width - this.measure(shown, 'regular', HEAD_SIZE)) / 2, y);
  }

  private folio(): void {
    const number = String(this.page);
    const y = BLEED + TRIM[this.trim].height - margins(this.trim, this.pageCount).bottom / 2 - FOLIO_SIZE / 2;
    this.text(number, 'regular', FOLIO_SIZE, this.left + (this.width - this.measure(number, 'regular', FOLIO_SIZE)) / 2, y);
  }

  /** `label` cut with an ellipsis to one line of the text block. */
  private fitted(label: string, size: number): string {
    if (this.measure(label, 'regular', size) <= this.width) return label;
    let shown = label;
    while (shown.length > 1 && this.measure(`${shown}…`, 'regular', size) > this.width) shown = shown.slice(0, -1);
    return `${shown.trimEnd()}…`;
  }
}
