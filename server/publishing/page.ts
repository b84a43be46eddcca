import { DATE_LOCALES, type Language } from '../../contract/languages.ts';
import { photoCopySize } from '../../contract/photos.ts';
import { PUBLISHED_DATA_ELEMENT_ID, type PublicStory, shareSnippet } from '../../contract/publishing.ts';

/** The page around the app when there is no built client (API tests, a server without `npm run build`). */
export const BARE_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <title>Saaga</title>
  </head>
  <body class="bg-black">
    <div id="root"></div>
  </body>
</html>
`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute value) as HTML that shows it and nothing more. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * JSON that is safe inside a `<script type="application/json">`: no `<` at all, so no text
 * can close the element or open a comment. JSON.parse reads the escapes back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const PUBLISHED_LABEL: Record<Language, string> = { en: 'Published', fi: 'Julkaistu' };
const NOT_FOUND = {
  title: 'Story Not Found',
  text: "The story you're looking for doesn't exist or has been unpublished.",
};

/** Paragraphs at blank lines; single line breaks kept as `<br>`. */
function paragraphs(content: string): string {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br />')}</p>`)
    .join('\n');
}

/** The page column's width, as the app's PublishedPhoto gives it: the browser picks the same copy before and after the app starts. */
const PHOTO_SIZES = '(max-width: 672px) calc(100vw - 2.5rem), 632px';

/** A photo with its caption: the thumbnail or the display copy (never the original), its size given so the page does not jump. */
function figure(photo: PublicStory['photos'][number]): string {
  const thumb = photoCopySize(photo.width, photo.height, 'thumb');
  const display = photoCopySize(photo.width, photo.height, 'display');
  const srcset = `${photo.urls.thumb} ${thumb.width}w, ${photo.urls.display} ${display.width}w`;
  return [
    '<figure class="grid gap-2">',
    `<img src="${escapeHtml(photo.urls.display)}" srcset="${escapeHtml(srcset)}" sizes="${PHOTO_SIZES}" alt="${escapeHtml(photo.caption)}" width="${display.width}" height="${display.height}" class="h-auto w-full rounded-xl bg-stone-900" />`,
    photo.caption ? `<figcaption class="text-sm text-stone-400">${escapeHtml(photo.caption)}</figcaption>` : '',
    '</figure>',
  ].filter(Boolean).join('');
}

/** The story as readable HTML: title, author, date, text, in the app's own look. The app draws itself over it. */
function storyArticle(story: PublicStory): string {
  const date = new Date(story.publishedAt);
  const dateText = new Intl.DateTimeFormat(DATE_LOCALES[story.language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return [
    '<div class="min-h-dvh bg-stone-950 text-stone-100">',
    '<main class="mx-auto grid w-full max-w-2xl gap-8 px-5 pt-8 pb-12">',
    '<article class="grid gap-8">',
    '<header class="grid gap-3">',
    `<h1 class="font-serif text-3xl leading-tight font-semibold text-stone-50">${escapeHtml(story.title)}</h1>`,
    story.authorName ? `<p class="text-base text-amber-100">${escapeHtml(story.authorName)}</p>` : '',
    `<p class="text-sm text-stone-400">${PUBLISHED_LABEL[story.language]} <time datetime="${escapeHtml(story.publishedAt)}">${escapeHtml(dateText)}</time></p>`,
    '</header>',
    ...story.photos.slice(0, 1).map(figure),
    `<div class="grid gap-6 font-serif text-lg leading-relaxed text-stone-100">${paragraphs(story.content)}</div>`,
    ...story.photos.slice(1).map(figure),
    '</article>',
    '</main>',
    '</div>',
  ].filter(Boolean).join('\n');
}

/** Where the page, its narration and its cover photo are, absolute, for the meta tags. */
export interface PageUrls {
  page: string;
  audio: string | null;
  /** The cover's display copy and its size; null when there is no photo (or no known origin to make its address absolute). */
  image: { url: string; width: number; height: number; alt: string } | null;
}

function metaTags(story: PublicStory, urls: PageUrls): string {
  const description = shareSnippet(story.content);
  const tag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    tag('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(urls.page)}" />`,
    tag('property', 'og:title', story.title),
    tag('property', 'og:description', description),
    tag('property', 'og:type', 'article'),
    tag('property', 'og:url', urls.page),
    tag('property', 'og:site_name', 'Saaga'),
    tag('property', 'og:locale', DATE_LOCALES[story.language].replace('-', '_')),
    ...(urls.audio ? [tag('property', 'og:audio', urls.audio), tag('property', 'og:audio:type', 'audio/mpeg')] : []),
    ...(urls.image
      ? [
          tag('property', 'og:image', urls.image.url),
          tag('property', 'og:image:type', 'image/jpeg'),
          tag('property', 'og:image:width', String(urls.image.width)),
          tag('property', 'og:image:height', String(urls.image.height)),
          tag('property', 'og:image:alt', urls.image.alt || story.title),
        ]
      : []),
    tag('property', 'article:published_time', story.publishedAt),
    ...(story.authorName ? [tag('property', 'article:author', story.authorName)] : []),
    tag('name', 'twitter:card', urls.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', story.title),
    tag('name', 'twitter:description', description),
    ...(urls.image ? [tag('name', 'twitter:image', urls.image.url)] : []),
  ].join('\n    ');
}

/** Sets `<html lang>`, the title (and what follows it in the head), the root's content, and data before `</body>`. */
function fillIndex(indexHtml: string, parts: { lang: string; head: string; root: string; data?: string }): string {
  const root = /<div id="root">\s*<\/div>/;
  const title = /<title>[^<]*<\/title>/;
  const html = root.test(indexHtml) && title.test(indexHtml) && indexHtml.includes('</body>') ? indexHtml : BARE_INDEX_HTML;
  const withLang = /<html\b[^>]*\blang="[^"]*"/.test(html)
    ? html.replace(/(<html\b[^>]*\blang=")[^"]*"/, `$1${parts.lang}"`)
    : html.replace(/<html\b/, `<html lang="${parts.lang}"`);
  // Functions as replacements: a `$` in a story is text, never a replacement pattern.
  return withLang
    .replace(title, () => parts.head)
    .replace(root, () => `<div id="root">${parts.root}</div>`)
    .replace('</body>', () => `${parts.data ?? ''}</body>`);
}

/**
 * The public story page: the app's own index.html with the story's title, description,
 * canonical link, Open Graph and Twitter meta tags, `<html lang>` of the story, the story
 * itself inside the app's root (read with JavaScript off), and the public story as JSON for
 * the app to start from. Everything from the story is escaped; no inline script runs.
 */
export function renderPublishedPage(indexHtml: string, story: PublicStory, urls: PageUrls): string {
  const head = `<title>${escapeHtml(story.title)} · Saaga</title>\n    ${metaTags(story, urls)}`;
  const data = `<script type="application/json" id="${PUBLISHED_DATA_ELEMENT_ID}">${jsonForScript(story)}</script>\n  `;
  return fillIndex(indexHtml, { lang: story.language, head, root: storyArticle(story), data });
}

/** The page for a slug nobody has published: the app shows "Story Not Found"; the text is there without JavaScript too. */
export function renderMissingPage(indexHtml: string): string {
  const root = [
    '<div class="min-h-dvh bg-stone-950 text-stone-100"><main class="mx-auto grid w-full max-w-2xl gap-8 px-5 pt-8 pb-12">',
    '<div class="flex flex-col items-center gap-4 py-16 text-center">',
    `<h1 class="text-2xl font-semibold text-stone-50">${NOT_FOUND.title}</h1>`,
    `<p class="max-w-sm text-sm text-stone-400">${escapeHtml(NOT_FOUND.text)}</p>`,
    '</div></main></div>',
  ].join('');
  return fillIndex(indexHtml, { lang: 'en', head: `<title>${NOT_FOUND.title} · Saaga</title>\n    <meta name="robots" content="noindex" />`, root });
}
