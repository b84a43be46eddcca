/** A spread as a printed book opens: the left page and the right page (null where there is none). */
export interface Spread {
  left: number | null;
  right: number | null;
}

/**
 * The first spreads of a book of `pageCount` pages, at most `pagesShown` pages in all: page 1
 * stands alone on the right (the inside of the cover on its left), then 2|3, 4|5 and on; an
 * even last page stands alone on the left.
 */
export function firstSpreads(pageCount: number, pagesShown: number): Spread[] {
  const last = Math.min(pageCount, pagesShown);
  if (last < 1) return [];
  const spreads: Spread[] = [{ left: null, right: 1 }];
  for (let left = 2; left <= last; left += 2) spreads.push({ left, right: left + 1 <= last ? left + 1 : null });
  return spreads;
}

/** The pages of the spreads, in reading order: what the preview renders. */
export const pagesOf = (spreads: Spread[]): number[] => spreads.flatMap(({ left, right }) => [left, right].filter((page): page is number => page !== null));
