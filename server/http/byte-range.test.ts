import { expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

it('reads the ranges browsers send for seeking', () => {
  expect(parseByteRange(undefined, 100)).toBeNull();
  expect(parseByteRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
  expect(parseByteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
  expect(parseByteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
  expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
});

it('refuses ranges outside the blob and ignores ones it cannot read', () => {
  expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
  expect(parseByteRange('bytes=20-10', 100)).toBe('unsatisfiable');
  expect(parseByteRange('bytes=0-1,5-6', 100)).toBeNull();
  expect(parseByteRange('items=0-1', 100)).toBeNull();
});
