import MarkdownIt from 'markdown-it';
import type { Language } from '../../../contract/languages.ts';
import { archiveHref } from './links.ts';
import { SITE_WORDS } from './words.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute value) as HTML that shows it and nothing more. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/**
 * A story's text as the app stores it (Markdown-ish) as HTML, as the client and the books
 * render it: HTML in the text is shown as text, and links and images are not made at all, so
 * nothing on a page loads or leads anywhere outside the archive.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable([
  'link',
  'image',
  'autolink',
  'html_inline',
  'html_block',
]);

export function storyTextHtml(content: string): string {
  return markdown.render(content);
}

/** Plain text (a transcript, a description) as paragraphs at blank lines, single breaks kept. */
export function plainTextHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
}

/**
 * Nothing on a page may reach the network, even through a bug: no scripts at all, styles only
 * inline, images and media only from the archive's own files. `file:` beside 'self' for both:
 * browsers differ on whether 'self' of a file:// page covers the files beside it.
 */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self' file:; media-src 'self' file:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'";

/** The app's calm look in a few lines: stone greys, serif stories, light or dark as the device prefers. */
const CSS = `:root{color-scheme:light dark;--bg:#fafaf9;--fg:#1c1917;--muted:#57534e;--line:#e7e5e4;--card:#fff;--link:#92400e}
@media (prefers-color-scheme:dark){:root{--bg:#0c0a09;--fg:#f5f5f4;--muted:#a8a29e;--line:#292524;--card:#1c1917;--link:#fcd34d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}
:lang(fi){hyphens:auto}
main{max-width:42rem;margin:0 auto;padding:1rem 1.25rem 4rem}
a{color:var(--link);text-underline-offset:.15em}
nav.top{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding-bottom:.75rem;border-bottom:1px solid var(--line);font-size:.95rem}
h1{font-family:Georgia,"Times New Roman",serif;font-size:1.9rem;line-height:1.2;margin:1.25rem 0 .5rem}
h2{font-size:1.25rem;margin:2.25rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
h3{font-size:1.05rem;margin:1.5rem 0 .25rem}
.muted,.meta{color:var(--muted);font-size:.92rem}
.meta{margin:.2rem 0}
ul,ol{padding-left:1.25rem}
li{margin:.3rem 0}
.story-text{font-family:Georgia,"Times New Roman",serif;font-size:1.12rem;line-height:1.7}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:.75rem 1rem;margin:.75rem 0}
.card h3{margin-top:.25rem}
audio{width:100%;margin:.5rem 0}
details summary{cursor:pointer;color:var(--link)}
dl{margin:.5rem 0}dt{font-weight:600;margin-top:.6rem}dd{margin:0}dd>p:first-child{margin-top:0}dd>p:last-child{margin-bottom:0}
.pager{display:grid;gap:.5rem;margin-top:2rem;padding-top:1rem;border-top:1px solid var(--line)}
.url{font-family:ui-monospace,monospace;font-size:.9rem;word-break:break-all}
figure.photo{margin:1rem 0}figure.photo img{display:block;max-width:100%;height:auto;border-radius:.5rem}
figure.photo figcaption{color:var(--muted);font-size:.92rem;margin-top:.35rem}`;

/** One whole page: language, title, the policy, the style, the archive's nav, and the body. */
export function pageHtml(parts: { language: Language; path: string; title: string; body: string }): string {
  const words = SITE_WORDS[parts.language];
  const link = (to: string, text: string) => `<a href="${escapeHtml(archiveHref(parts.path, to))}">${escapeHtml(text)}</a>`;
  return `<!doctype html>
<html lang="${parts.language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<nav class="top">${link('index.html', words.archiveHome)} ${link('site/people.html', words.people)} ${link('site/places.html', words.places)}</nav>
${parts.body}
</main>
</body>
</html>
`;
}

/** A link from the page at `from` to an archive path, its text escaped. */
export function linkHtml(from: string, to: string, text: string): string {
  return `<a href="${escapeHtml(archiveHref(from, to))}">${escapeHtml(text)}</a>`;
}
