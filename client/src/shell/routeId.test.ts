import { describe, expect, it } from 'vitest';
import { parseRouteId } from './routeId.ts';

describe('parseRouteId', () => {
  it('reads a positive whole number', () => {
    expect(parseRouteId('12')).toBe(12);
  });

  it('refuses anything else', () => {
    for (const value of [undefined, '', '0', '-3', '1.5', '1e3', 'abc', ' 7', '99999999999999999999']) {
      expect(parseRouteId(value)).toBeNull();
    }
  });
});
