import type { Book } from '../book.ts';

/**
 * Text as Markdown that makes no image, link or HTML in any viewer: `[`, `]` and `<` are
 * backslash-escaped (CommonMark shows them as the characters themselves), so `![x](url)`,
 * `[x](url)`, `<img src=...>` and `<https://...>` read as the words that were written and
 * nothing is loaded or linked when the file is opened. The chapter's emphasis and lists stay.
 */
export function markdownText(text: string): string {
  return text.replace(/\\(?=[[\]<])/g, '\\\\').replace(/[[\]<]/g, (char) => `\\${char}`);
}

/** The book as one Markdown document: the title, the author, then each chapter under its heading. */
export function bookMarkdown(book: Book): string {
  const lines = [`# ${markdownText(book.title)}`, ''];
  if (book.authorName) lines.push(`*${markdownText(book.authorName)}*`, '');
  for (const chapter of book.chapters) lines.push(`## ${markdownText(chapter.title)}`, '', markdownText(chapter.content), '');
  return lines.join('\n');
}
