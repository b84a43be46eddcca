import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../../contract/publishing.ts';

/** What is wrong with a typed custom slug, in the server's terms; null when it can be sent. */
export type SlugProblem = 'tooLong' | 'pattern';

/**
 * Checks a custom slug as the server will (contract/publishing.ts): trimmed, empty is fine
 * (one is made from the title), else at most 80 characters of a-z, 0-9 and single hyphens inside.
 */
export function slugProblem(typed: string): SlugProblem | null {
  const slug = typed.trim();
  if (slug === '') return null;
  if (slug.length > SLUG_MAX_LENGTH) return 'tooLong';
  return SLUG_PATTERN.test(slug) ? null : 'pattern';
}

/** The body's customSlug: the trimmed text, or null when empty (the server makes one). */
export function customSlugOf(typed: string): string | null {
  const slug = typed.trim();
  return slug === '' ? null : slug;
}
