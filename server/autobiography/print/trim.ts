import type { PrintTrim } from '../../../contract/print-book.ts';

/**
 * A printed book's geometry (issue 30), in PDF points (72 to the inch): the trim sizes a print
 * shop cuts to, the bleed printed past the cut, the margins (the inside one, the gutter,
 * growing with the page count so text does not vanish into a thick binding), and the cover
 * wrapped round the book, whose spine is as wide as the pages are thick.
 */

export const POINTS_PER_INCH = 72;
const inches = (n: number) => n * POINTS_PER_INCH;
const millimetres = (n: number) => (n / 25.4) * POINTS_PER_INCH;

/** The trim sizes are the contract's (PRINT_TRIMS). */
export type TrimSize = PrintTrim;

/** The finished page, after cutting: 6 x 9 in (the default, as the family-book services print), A5, 8 x 10 in. */
export const TRIM: Record<TrimSize, { width: number; height: number }> = {
  '6x9': { width: inches(6), height: inches(9) },
  a5: { width: millimetres(148), height: millimetres(210) },
  '8x10': { width: inches(8), height: inches(10) },
};

/** Printed past the cut on every side, so a photo to the edge has no white sliver (0.125 in). */
export const BLEED = inches(0.125);

/**
 * The inside margin by page count: a thicker book bends more into its spine. The steps are
 * the print-on-demand services' published minimums (24 to 150 pages 0.375 in, up to 828
 * pages 0.875 in), with the text kept clear of them.
 */
const GUTTER_STEPS: { upTo: number; inches: number }[] = [
  { upTo: 150, inches: 0.375 },
  { upTo: 300, inches: 0.5 },
  { upTo: 500, inches: 0.625 },
  { upTo: 700, inches: 0.75 },
  { upTo: Infinity, inches: 0.875 },
];

/** What is added to the gutter so the text does not sit on the minimum. */
const GUTTER_EASE = inches(0.25);

export function gutter(pageCount: number): number {
  return inches(GUTTER_STEPS.find((step) => pageCount <= step.upTo)!.inches) + GUTTER_EASE;
}

/** The margins of the text block from the trim edge, a page's own side as it lies open. */
export interface Margins {
  top: number;
  bottom: number;
  inside: number;
  outside: number;
}

export function margins(trim: TrimSize, pageCount: number): Margins {
  const small = trim !== '8x10';
  return { top: inches(small ? 0.7 : 0.8), bottom: inches(small ? 0.8 : 0.9), inside: gutter(pageCount), outside: inches(small ? 0.55 : 0.7) };
}

/**
 * A page of the interior file: its media (the trim with the bleed round it) and, from the
 * media's lower left as PDF boxes are, the trim box, and its text block. Right-hand pages
 * (odd numbers, counting the first page as 1) have the gutter on the left; left-hand on the right.
 */
export interface PageFrame {
  mediaWidth: number;
  mediaHeight: number;
  /** [x0, y0, x1, y1] */
  trimBox: [number, number, number, number];
  bleedBox: [number, number, number, number];
  /** The text block, from the media's top left as pdfkit writes. */
  text: { left: number; top: number; width: number; height: number };
}

export function pageFrame(trim: TrimSize, pageCount: number, pageNumber: number): PageFrame {
  const { width, height } = TRIM[trim];
  const m = margins(trim, pageCount);
  const right = pageNumber % 2 === 1;
  const left = BLEED + (right ? m.inside : m.outside);
  return {
    mediaWidth: width + 2 * BLEED,
    mediaHeight: height + 2 * BLEED,
    trimBox: [BLEED, BLEED, BLEED + width, BLEED + height],
    bleedBox: [0, 0, width + 2 * BLEED, height + 2 * BLEED],
    text: { left, top: BLEED + m.top, width: width - m.inside - m.outside, height: height - m.top - m.bottom },
  };
}

/** A bound book's pages come in sheets of four: the page count a file is padded to with blank pages. */
export const roundUpToSheets = (pages: number) => Math.ceil(pages / 4) * 4;

/**
 * Paper thickness per page (white 50-60 lb book paper, as print-on-demand services state it:
 * 0.002252 in a page).
 */
export const PAPER_INCHES_PER_PAGE = 0.002252;

/** The spine's width for a page count (rounded up to whole sheets). */
export const spineWidth = (pageCount: number) => inches(roundUpToSheets(pageCount) * PAPER_INCHES_PER_PAGE);

/** Below this many pages a spine is too narrow to carry its title. */
export const SPINE_TITLE_MIN_PAGES = 100;

/** The cover file: back, spine and front side by side, with the bleed round the whole. */
export interface CoverFrame {
  width: number;
  height: number;
  spine: { left: number; width: number };
  back: { left: number; width: number };
  front: { left: number; width: number };
  trimBox: [number, number, number, number];
  spineTitle: boolean;
}

export function coverFrame(trim: TrimSize, pageCount: number): CoverFrame {
  const { width, height } = TRIM[trim];
  const spine = spineWidth(pageCount);
  const total = 2 * width + spine;
  return {
    width: total + 2 * BLEED,
    height: height + 2 * BLEED,
    back: { left: BLEED, width },
    spine: { left: BLEED + width, width: spine },
    front: { left: BLEED + width + spine, width },
    trimBox: [BLEED, BLEED, BLEED + total, BLEED + height],
    spineTitle: pageCount >= SPINE_TITLE_MIN_PAGES,
  };
}
