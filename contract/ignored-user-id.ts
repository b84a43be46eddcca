import { z } from 'zod';

/**
 * The spec's clients send the owner's userId in some bodies (chapters, people, places, books,
 * answers); the owner is always the signed-in user, so a userId is accepted (a string, a
 * number or null) and never read. The one rule for every body that may carry one.
 */
export const ignoredUserId = z.union([z.string(), z.number()]).nullish();

/** What a body schema ends with (`.transform(withoutUserId)`), so no handler sees a userId to strip. */
export function withoutUserId<T extends { userId?: unknown }>(body: T): Omit<T, 'userId'> {
  const { userId: _ignored, ...rest } = body;
  return rest;
}
