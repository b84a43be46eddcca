import MarkdownIt from 'markdown-it';

/**
 * A chapter's Markdown as HTML that is safe to show: any HTML the model wrote is escaped
 * (html: false), and links and images are not made at all, so nothing loads or leads away.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(['link', 'image', 'autolink', 'html_inline', 'html_block']);

export function chapterHtml(content: string): string {
  return markdown.render(content);
}
