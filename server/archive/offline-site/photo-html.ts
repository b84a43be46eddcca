import type { Language } from '../../../contract/languages.ts';
import type { ArchivePhoto } from '../format.ts';
import { escapeHtml } from './html.ts';
import { archiveHref } from './links.ts';
import { SITE_WORDS } from './words.ts';

/**
 * A page's photos, each its display copy from site/photos/ (no metadata at all: the original,
 * with its camera data, is only linked from the photos/ folder, never shown), with its caption,
 * also its alternative text, and who added it when a relative did.
 */
export function photosHtml(language: Language, page: string, photos: ArchivePhoto[]): string {
  if (photos.length === 0) return '';
  const words = SITE_WORDS[language];
  const figures = photos.map((photo) => {
    const caption = [photo.caption.trim(), photo.contributorName ? words.photoBy(photo.contributorName) : ''].filter(Boolean).join(' · ');
    return [
      '<figure class="photo">',
      `<img src="${escapeHtml(archiveHref(page, photo.displayFile))}" alt="${escapeHtml(photo.caption.trim() || words.photo)}" width="${photo.width}" height="${photo.height}" loading="lazy">`,
      caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '',
      '</figure>',
    ].filter(Boolean).join('');
  });
  return `<section id="photos">\n<h2>${escapeHtml(words.photos)}</h2>\n${figures.join('\n')}\n</section>`;
}
