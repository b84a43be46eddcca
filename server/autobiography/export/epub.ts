import epubModule from 'epub-gen-memory';
import MarkdownIt from 'markdown-it';
import type { Book } from '../book.ts';

// The package is CommonJS: its function is the default export's default under Node's ESM loader.
const epub = ((epubModule as unknown as { default?: typeof epubModule }).default ?? epubModule) as typeof epubModule;

/** Markdown to XHTML with any HTML the model wrote shown as text, never as markup. */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, xhtmlOut: true });

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CONTENTS: Record<Book['language'], string> = { en: 'Contents', fi: 'Sisällys' };

const CSS = `body { font-family: serif; line-height: 1.5; }
h1 { text-align: center; margin-top: 30%; }
h2 { margin: 1em 0; }
.author { text-align: center; font-style: italic; font-size: 1.2em; }
p { text-indent: 1.2em; margin: 0 0 0.4em; }`;

/** The book as an EPUB 3: a title page with the author, a table of contents by chapter, one file per chapter. */
export async function bookEpub(book: Book): Promise<Buffer> {
  const titlePage = {
    title: book.title,
    content: `<h1>${escape(book.title)}</h1>${book.authorName ? `<p class="author">${escape(book.authorName)}</p>` : ''}`,
    excludeFromToc: true,
    beforeToc: true,
    filename: 'title-page.xhtml',
  };
  const chapters = book.chapters.map((chapter, i) => ({
    title: chapter.title,
    content: `<h2>${escape(chapter.title)}</h2>${markdown.render(chapter.content)}`,
    filename: `chapter-${i + 1}.xhtml`,
  }));
  return epub(
    {
      title: book.title,
      author: book.authorName ?? undefined,
      lang: book.language,
      // epubcheck refuses an empty dc:description.
      description: book.authorName ? `${book.title}, ${book.authorName}` : book.title,
      tocTitle: CONTENTS[book.language],
      // Headings are written into each file: the title page must not get the book's title twice.
      prependChapterTitles: false,
      numberChaptersInTOC: false,
      css: CSS,
      version: 3,
      verbose: false,
      ignoreFailedDownloads: false,
    },
    [titlePage, ...chapters],
  );
}
