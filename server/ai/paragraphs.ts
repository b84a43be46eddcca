/*
 * A story's text as paragraphs (separated by a blank line), and new paragraphs put into
 * it without touching a byte of it: what the person wrote stays exactly as they wrote it.
 */

/** A new paragraph, placed after the fixed paragraph at `after` (1-based; 0: before the first; null: at the end). */
export interface AddedParagraph {
  after: number | null;
  text: string;
}

/** A title from the first words, for a model that left it empty (or a draft that has none). */
export function titleFromText(text: string, wordCount = 6): string {
  const first = text.trim().split(/\s+/).slice(0, wordCount).join(' ');
  return first.replace(/[,.;:!?]+$/, '');
}

interface Span {
  start: number;
  end: number;
}

const SEPARATOR = /\n[ \t]*\n\s*/g;

/** Where each non-blank paragraph of a text starts and ends (its surrounding blank space left out). */
function paragraphSpans(content: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    const piece = content.slice(start, end);
    if (!piece.trim()) return;
    const lead = piece.length - piece.trimStart().length;
    spans.push({ start: start + lead, end: start + piece.trimEnd().length });
  };
  for (const match of content.matchAll(SEPARATOR)) {
    push(match.index);
    start = match.index + match[0].length;
  }
  push(content.length);
  return spans;
}

/** The paragraphs of a text, as the writer sees them numbered from 1. */
export function paragraphsOf(content: string): string[] {
  return paragraphSpans(content).map((span) => content.slice(span.start, span.end));
}

/**
 * The text with new paragraphs put in: each after the paragraph numbered `after` (1-based;
 * 0: before the first; null or past the last: at the end), several at one place in the
 * order given. The original text is untouched: taking the new paragraphs out gives it back.
 */
export function insertParagraphs(content: string, added: AddedParagraph[]): string {
  const spans = paragraphSpans(content);
  if (spans.length === 0) return [content.trimEnd(), ...added.map((p) => p.text)].filter(Boolean).join('\n\n');
  const inserts = added.map((paragraph, order) => {
    const after = paragraph.after === null ? spans.length : Math.max(0, Math.min(spans.length, Math.floor(paragraph.after)));
    return after === 0
      ? { at: spans[0].start, text: `${paragraph.text}\n\n`, order }
      : { at: spans[after - 1].end, text: `\n\n${paragraph.text}`, order };
  });
  // From the last place to the first, so earlier offsets stay right; at one place, the last first.
  inserts.sort((a, b) => b.at - a.at || b.order - a.order);
  let text = content;
  for (const insert of inserts) text = text.slice(0, insert.at) + insert.text + text.slice(insert.at);
  return text;
}
