import * as epubPackage from 'epub-gen-memory';
import MarkdownIt from 'markdown-it';
import { type Book, type BookPhoto, PHOTO_WORD } from '../book.ts';
import { packRecordings } from './audio-budget.ts';
import { ACTIVE_CLASS, audioHref, chapterOverlay, clockValue, escapeXml as escape, ownWordsHtml, type PackedRecording } from './media-overlays.ts';

// The package is CommonJS: Node's ESM loader may put its exports under `default`, a bundler does not.
type EpubLibrary = Pick<typeof epubPackage, 'EPub' | 'optionsDefaults'>;
const lib: EpubLibrary = 'EPub' in epubPackage && epubPackage.EPub ? epubPackage : (epubPackage as unknown as { default: EpubLibrary }).default;

/**
 * Markdown to XHTML as the client shows a chapter (client/src/autobiography/chapterHtml.ts):
 * any HTML in the text is escaped, and links and images are not made at all, so the book
 * holds no address the library (which downloads every <img> it finds) or a reader would load.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, xhtmlOut: true }).disable([
  'link',
  'image',
  'autolink',
  'html_inline',
  'html_block',
]);

/**
 * epub-gen-memory downloads images, fonts and a cover from the addresses it is given or finds
 * in the HTML; it has no option to stop. An export never fetches anything: this EPub refuses
 * to, so an address that ever slipped through fails the export instead of being requested.
 */
class OfflineEPub extends lib.EPub {
  /** The book's own photos, by the name its chapters give each (`photo-1.jpg`...): the only images it may hold. */
  photos = new Map<string, BookPhoto>();
  /** Its recordings' audio and its chapters' Media Overlays, put into the package after the library's files. */
  voices: { audio: PackedRecording[]; overlays: { file: string; smil: string }[] } = { audio: [], overlays: [] };

  override async render() {
    await super.render();
    const folder = this.zip.folder('OEBPS')!;
    // Audio is compressed already: stored as it is, never deflated again.
    for (const packed of this.voices.audio) folder.file(audioHref(packed), packed.audio!.bytes, { compression: 'STORE' });
    for (const overlay of this.voices.overlays) folder.file(overlay.file, overlay.smil);
    return this;
  }

  /**
   * The library lists every <img> of the chapters (and writes their manifest entries); here
   * each is one of the book's photos, put into the package from memory, one at a time. Any
   * other address fails the export, never fetched.
   */
  protected override async downloadAllImages() {
    const unknown = this.images.filter((image) => !this.photos.has(image.url));
    if (unknown.length) throw new Error(`An export never fetches: the book names ${unknown.length} image(s)`);
    if (this.images.length === 0) return;
    const folder = this.zip.folder('OEBPS')!.folder('images')!;
    for (const image of this.images) {
      const { jpeg } = await this.photos.get(image.url)!.read();
      folder.file(`${image.id}.${image.extension}`, jpeg);
    }
  }
  protected override async downloadAllFonts() {
    if (this.options.fonts.length) throw new Error('An export never fetches: the book names fonts');
  }
  protected override async makeCover() {
    if (this.options.cover) throw new Error('An export never fetches: the book names a cover');
  }
}

const CONTENTS: Record<Book['language'], string> = { en: 'Contents', fi: 'Sisällys' };

const CSS = `body { font-family: serif; line-height: 1.5; }
h1 { text-align: center; margin-top: 30%; }
div.cover { text-align: center; margin: 0 0 1em; }
div.cover img { max-width: 100%; max-height: 60vh; }
div.cover + h1 { margin-top: 0.5em; }
h2 { margin: 1em 0; }
.author { text-align: center; font-style: italic; font-size: 1.2em; }
p { text-indent: 1.2em; margin: 0 0 0.4em; }
figure.photo { margin: 1.2em 0; text-align: center; page-break-inside: avoid; break-inside: avoid; }
figure.photo img { max-width: 100%; max-height: 85vh; }
figure.photo figcaption { font-size: 0.9em; font-style: italic; margin-top: 0.3em; }
section.own-words { margin-top: 2em; }
section.own-words audio { display: block; width: 100%; margin: 0.6em 0; }
section.own-words p.transcript, section.own-words p.teller, section.own-words p.not-in-book { text-indent: 0; }
section.own-words p.teller, section.own-words p.not-in-book { font-style: italic; }
.${ACTIVE_CLASS} { background-color: #fff0a8; }`;

/** A chapter's photos after its text, each in a figure with its caption (also its alternative text, else "Photo"). */
function photosHtml(photos: BookPhoto[], firstNumber: number, language: Book['language']): string {
  return photos
    .map((photo, i) => {
      const alt = photo.caption || PHOTO_WORD[language];
      const caption = photo.caption ? `<figcaption>${escape(photo.caption)}</figcaption>` : '';
      return `<figure class="photo"><img src="${photoName(firstNumber + i)}" alt="${escape(alt)}"/>${caption}</figure>`;
    })
    .join('');
}

const photoName = (n: number) => `photo-${n}.jpg`;
/** The cover's photo on the title page, marked as the package's cover image (reading systems show it on the shelf). */
const COVER_NAME = 'cover-photo.jpg';

/**
 * The library's package document names the publisher and the copyright holder "anonymous"
 * whatever the author: here the author is named as creator and holder, and a book without a
 * name says none (no empty creator, no publisher). Checked by the export tests, so a library
 * update that changes these lines is noticed.
 */
const LIBRARY_CREATOR_TO_RIGHTS = /\s*<dc:creator id="creator">[\s\S]*?<\/dc:rights>/;
/** The library writes `xml:lang="en"` on the package element whatever the book's language. */
const LIBRARY_PACKAGE_LANGUAGE = 'xml:lang="en"';
const CONTENT_OPF = (() => {
  const opf = lib.optionsDefaults(3).contentOPF;
  if (!opf || !LIBRARY_CREATOR_TO_RIGHTS.test(opf) || !opf.includes(LIBRARY_PACKAGE_LANGUAGE)) {
    throw new Error('epub-gen-memory changed its package document: review epub.ts');
  }
  return opf.replace(LIBRARY_PACKAGE_LANGUAGE, 'xml:lang="<%= lang %>"').replace(
    LIBRARY_CREATOR_TO_RIGHTS,
    `
        <% if (author.length) { %>
        <dc:creator id="creator"><%= author.join(", ") %></dc:creator>
        <meta refines="#creator" property="role" scheme="marc:relators">aut</meta>
        <% } %>
        <meta property="dcterms:date"><%= date %></meta>
        <dc:date><%= date %></dc:date>
        <% if (author.length) { %>
        <dc:rights>Copyright &#x00A9; <%= (new Date(date)).getFullYear() %> <%= author.join(", ") %></dc:rights>
        <% } %>`,
  );
})();

/** The library's chapter page: its "In their own words" section goes after the text and photos, never through the library's HTML filter (which would take `controls` off the audio). */
const LIBRARY_CHAPTER_CONTENT = '<%- content %>';
const CHAPTER_XHTML = (() => {
  const xhtml = lib.optionsDefaults(3).chapterXHTML;
  if (!xhtml || !xhtml.includes(LIBRARY_CHAPTER_CONTENT)) throw new Error('epub-gen-memory changed its chapter page: review epub.ts');
  return xhtml.replace(LIBRARY_CHAPTER_CONTENT, `${LIBRARY_CHAPTER_CONTENT}<%- locals.ownWords || '' %>`);
})();

/** The library's manifest entry of a chapter, and the same naming its Media Overlay when it has one. */
const LIBRARY_CHAPTER_ITEM = '<item id="content_<%= index %>_<%= content.id %>" href="<%= content.filename %>" media-type="application/xhtml+xml" />';
const CHAPTER_ITEM_WITH_OVERLAY =
  '<item id="content_<%= index %>_<%= content.id %>" href="<%= content.filename %>" media-type="application/xhtml+xml"<% if (content.overlay) { %> media-overlay="<%= content.overlay %>"<% } %> />';

/** The library's manifest entry of an image, and the same marking the cover's photo as the cover image. */
const LIBRARY_IMAGE_ITEM = '<item id="image_<%= index %>" href="images/<%= image.id %>.<%= image.extension %>" media-type="<%= image.mediaType %>" />';
const IMAGE_ITEM_WITH_COVER = `<item id="image_<%= index %>" href="images/<%= image.id %>.<%= image.extension %>" media-type="<%= image.mediaType %>"<% if (image.url === '${COVER_NAME}') { %> properties="cover-image"<% } %> />`;

/** The package document: the library's, with the author as above, each chapter's overlay named, the cover image marked, and the audio, overlays and their durations listed. */
const VOICED_CONTENT_OPF = (() => {
  if (!CONTENT_OPF.includes(LIBRARY_IMAGE_ITEM) || !CONTENT_OPF.includes(LIBRARY_CHAPTER_ITEM) || !CONTENT_OPF.includes('</manifest>') || !CONTENT_OPF.includes('</metadata>')) {
    throw new Error('epub-gen-memory changed its package document: review epub.ts');
  }
  return CONTENT_OPF.replace(LIBRARY_IMAGE_ITEM, IMAGE_ITEM_WITH_COVER)
    .replace(LIBRARY_CHAPTER_ITEM, CHAPTER_ITEM_WITH_OVERLAY)
    .replace('</manifest>', "    <%- locals.voiceManifest || '' %>\n    </manifest>")
    .replace('</metadata>', "    <%- locals.voiceMetadata || '' %>\n    </metadata>");
})();

const overlayId = (chapterNumber: number) => `overlay_${chapterNumber}`;

/**
 * The package's lines for the recordings: each audio file and each Media Overlay in the
 * manifest, and in the metadata each overlay's duration, their total and the class a reading
 * system marks the sentence being read with.
 */
function voiceLines(audio: PackedRecording[], overlays: { chapterNumber: number; file: string; milliseconds: number }[]) {
  const manifest = [
    ...audio.map((packed) => `<item id="audio_${packed.number}" href="${audioHref(packed)}" media-type="${packed.audio!.mediaType}" />`),
    ...overlays.map((overlay) => `<item id="${overlayId(overlay.chapterNumber)}" href="${overlay.file}" media-type="application/smil+xml" />`),
  ];
  const total = overlays.reduce((sum, overlay) => sum + overlay.milliseconds, 0);
  const metadata = overlays.length
    ? [
        ...overlays.map((overlay) => `<meta property="media:duration" refines="#${overlayId(overlay.chapterNumber)}">${clockValue(overlay.milliseconds)}</meta>`),
        `<meta property="media:duration">${clockValue(total)}</meta>`,
        `<meta property="media:active-class">${ACTIVE_CLASS}</meta>`,
      ]
    : [];
  return { voiceManifest: manifest.join('\n        '), voiceMetadata: metadata.join('\n        ') };
}

/**
 * The book as an EPUB 3: a title page with the author, a table of contents by chapter, one file
 * per chapter with its photos after its text, then its recordings ("In their own words") with
 * their audio and, for those with timings, a Media Overlay that plays each sentence.
 */
export async function bookEpub(book: Book): Promise<Buffer> {
  const photos = new Map<string, BookPhoto>();
  if (book.cover) photos.set(COVER_NAME, book.cover);
  const titlePage = {
    title: book.title,
    content: `${book.cover ? `<div class="cover"><img src="${COVER_NAME}" alt="${escape(book.cover.caption || PHOTO_WORD[book.language])}"/></div>` : ''}<h1>${escape(book.title)}</h1>${book.authorName ? `<p class="author">${escape(book.authorName)}</p>` : ''}`,
    excludeFromToc: true,
    beforeToc: true,
    filename: 'title-page.xhtml',
  };
  const packed = await packRecordings(book);
  const overlays: { chapterNumber: number; file: string; smil: string; milliseconds: number }[] = [];
  let numbered = 0;
  const chapters = book.chapters.map((chapter, i) => {
    const first = numbered + 1;
    for (const photo of chapter.photos ?? []) photos.set(photoName(++numbered), photo);
    const filename = `chapter-${i + 1}.xhtml`;
    const overlay = chapterOverlay(packed[i], filename);
    if (overlay) overlays.push({ chapterNumber: i + 1, file: `chapter-${i + 1}.smil`, ...overlay });
    return {
      title: chapter.title,
      content: `<h2>${escape(chapter.title)}</h2>${markdown.render(chapter.content)}${photosHtml(chapter.photos ?? [], first, book.language)}`,
      ownWords: ownWordsHtml(packed[i], book.language),
      overlay: overlay ? overlayId(i + 1) : undefined,
      filename,
    };
  });
  const audio = packed.flat().filter((recording) => recording.audio !== null);
  const epub = new OfflineEPub(
    {
      title: book.title,
      author: book.authorName ? [book.authorName] : [],
      lang: book.language,
      // epubcheck refuses an empty dc:description.
      description: book.authorName ? `${book.title}, ${book.authorName}` : book.title,
      tocTitle: CONTENTS[book.language],
      // Headings are written into each file: the title page must not get the book's title twice.
      prependChapterTitles: false,
      numberChaptersInTOC: false,
      css: CSS,
      contentOPF: VOICED_CONTENT_OPF,
      chapterXHTML: CHAPTER_XHTML,
      ...voiceLines(audio, overlays),
      version: 3,
      verbose: false,
      ignoreFailedDownloads: false,
    },
    [titlePage, ...chapters],
  );
  epub.photos = photos;
  epub.voices = { audio, overlays };
  return epub.genEpub();
}
