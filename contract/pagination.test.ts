import { expect, it } from 'vitest';
import { nextPageUrl, PAGE_LIMIT, pageQuerySchema } from './pagination.ts';

it('reads the rel="next" target of a Link header', () => {
  expect(nextPageUrl('</api/stories?limit=50&cursor=abc>; rel="next"')).toBe('/api/stories?limit=50&cursor=abc');
  expect(nextPageUrl('</a?x=1>; rel=next')).toBe('/a?x=1');
  expect(nextPageUrl('</p>; rel="prev", </n?a=1,2>; title="x, y"; rel="next"')).toBe('/n?a=1,2');
  expect(nextPageUrl('</both>; rel="next last"')).toBe('/both');
  expect(nextPageUrl('</N>; REL="NEXT"')).toBe('/N');
});

it('has no next page without a header or without a next link', () => {
  expect(nextPageUrl(null)).toBeNull();
  expect(nextPageUrl(undefined)).toBeNull();
  expect(nextPageUrl('')).toBeNull();
  expect(nextPageUrl('</p>; rel="prev"')).toBeNull();
  expect(nextPageUrl('garbage')).toBeNull();
  expect(nextPageUrl('</x>; title="next"')).toBeNull();
});

it('defaults the limit, coerces it from the query string and bounds it', () => {
  expect(pageQuerySchema.parse({})).toEqual({ limit: PAGE_LIMIT.default });
  expect(pageQuerySchema.parse({ limit: '7', cursor: 'abc' })).toEqual({ limit: 7, cursor: 'abc' });
  expect(pageQuerySchema.parse({ limit: String(PAGE_LIMIT.max) }).limit).toBe(100);
  for (const limit of ['0', '101', '-1', '2.5', 'many']) expect(pageQuerySchema.safeParse({ limit }).success).toBe(false);
  expect(pageQuerySchema.safeParse({ cursor: 'x'.repeat(201) }).success).toBe(false);
  expect(pageQuerySchema.safeParse({ cursor: '' }).success).toBe(false);
});
