import { SOFT_HYPHEN } from './hyphenate.ts';

/**
 * A paragraph broken into lines of a column, first fit, as a book is set: a word that does not
 * fit is broken at its last soft hyphen that does (the part ends in a hyphen), else starts the
 * next line. The breaking is ours, not pdfkit's, so the layout knows every line before it
 * draws one: a paragraph is split between pages with no widow or orphan (`splitForPage`), and
 * the two passes of the book (measure, then draw) break the same lines.
 */

/** A line of a paragraph: its words, as drawn (soft hyphens gone, a hyphen where it broke one). */
export interface Line {
  words: string[];
  /** The paragraph's last line: not justified. */
  last: boolean;
}

/** The width of a piece of text in the current face and size. */
export type Measure = (text: string) => number;

const visible = (text: string) => text.replaceAll(SOFT_HYPHEN, '');

/** The longest head of `word` ending at a soft hyphen that fits `room` with its hyphen, and the rest. */
function breakWord(word: string, room: number, measure: Measure): [string, string] | null {
  const parts = word.split(SOFT_HYPHEN);
  for (let n = parts.length - 1; n > 0; n--) {
    const head = `${parts.slice(0, n).join('')}-`;
    if (measure(head) <= room) return [head, parts.slice(n).join(SOFT_HYPHEN)];
  }
  return null;
}

/** A word longer than the whole column (a long address) is cut where it must. */
function cutToFit(word: string, width: number, measure: Measure): [string, string] {
  let n = word.length - 1;
  while (n > 1 && measure(word.slice(0, n)) > width) n--;
  return [word.slice(0, n), word.slice(n)];
}

/** `indent`: the first line is that much narrower (a paragraph's indent). */
export function breakLines(text: string, width: number, measure: Measure, indent = 0): Line[] {
  const space = measure(' ');
  const room = () => (lines.length === 0 ? width - indent : width);
  const lines: Line[] = [];
  let words: string[] = [];
  let used = 0;
  const endLine = () => {
    lines.push({ words, last: false });
    words = [];
    used = 0;
  };
  const queue = text.split(/\s+/).filter(Boolean);
  while (queue.length > 0) {
    const word = queue.shift()!;
    const shown = visible(word);
    const gap = words.length > 0 ? space : 0;
    if (used + gap + measure(shown) <= room()) {
      words.push(shown);
      used += gap + measure(shown);
      continue;
    }
    const split = breakWord(word, room() - used - gap, measure);
    if (split) {
      words.push(split[0]);
      endLine();
      queue.unshift(split[1]);
    } else if (words.length > 0) {
      endLine();
      queue.unshift(word);
    } else {
      const [head, rest] = cutToFit(shown, room(), measure);
      words.push(head);
      endLine();
      queue.unshift(rest);
    }
  }
  if (words.length > 0) lines.push({ words, last: false });
  if (lines.length > 0) lines[lines.length - 1].last = true;
  return lines;
}

/** Fewer lines than this of a paragraph never stand alone at the foot of a page (an orphan) or the head of the next (a widow). */
export const MIN_LINES_APART = 2;

/**
 * How many of a paragraph's `total` lines go on a page with room for `room`: all when they fit;
 * none when fewer than two would (the paragraph starts the next page); else as many as fit
 * while leaving at least two for the next page.
 */
export function splitForPage(total: number, room: number): number {
  if (total <= room) return total;
  const here = Math.min(room, total - MIN_LINES_APART);
  return here >= MIN_LINES_APART ? here : 0;
}
