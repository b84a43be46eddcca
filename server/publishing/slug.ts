import slugify from 'slugify';
import { SLUG_MAX_LENGTH } from '../../contract/publishing.ts';

/** What a title with no letters or digits becomes. */
export const FALLBACK_SLUG = 'story';

/** Cuts a slug to `max` characters without leaving a hyphen at the end. */
function cut(slug: string, max: number): string {
  return slug.slice(0, max).replace(/-+$/, '');
}

/**
 * A slug made from a story's title: accents and Nordic letters transliterated (ä→a, ö→o,
 * å→a, ß→ss), lowercase, hyphens between words, at most SLUG_MAX_LENGTH; "story" when
 * nothing is left. Symbols (`<`, `&`, `$`, `%`) are dropped, not spelled out in English.
 */
export function slugFromTitle(title: string): string {
  const words = title.normalize('NFC').replace(/[\p{S}_&%]/gu, ' ');
  const slug = slugify(words, { lower: true, strict: true, trim: true });
  return cut(slug.replace(/-{2,}/g, '-'), SLUG_MAX_LENGTH) || FALLBACK_SLUG;
}

/** The slug with the suffix `-n` (n ≥ 2), the base shortened so the whole stays within SLUG_MAX_LENGTH. */
export function withSuffix(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${cut(base, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
}

/** The candidates tried in order for a made slug: the base, then base-2, base-3, ... */
export function slugCandidates(base: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (from + i === 1 ? base : withSuffix(base, from + i)));
}
