import type { Book } from '../book.ts';

/** The book as one Markdown document: the title, the author, then each chapter under its heading. */
export function bookMarkdown(book: Book): string {
  const lines = [`# ${book.title}`, ''];
  if (book.authorName) lines.push(`*${book.authorName}*`, '');
  for (const chapter of book.chapters) lines.push(`## ${chapter.title}`, '', chapter.content, '');
  return lines.join('\n');
}
