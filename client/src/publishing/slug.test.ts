import { describe, expect, it } from 'vitest';
import { publishBodySchema } from '../../../contract/publishing.ts';
import { customSlugOf, slugProblem } from './slug.ts';

describe('slugProblem', () => {
  it('lets an empty or blank slug through: one is made from the title', () => {
    expect(slugProblem('')).toBeNull();
    expect(slugProblem('   ')).toBeNull();
    expect(customSlugOf('   ')).toBeNull();
  });

  it('trims, then takes lowercase letters, digits and single hyphens inside', () => {
    expect(slugProblem('  summer-1985 ')).toBeNull();
    expect(customSlugOf('  summer-1985 ')).toBe('summer-1985');
    for (const bad of ['Summer', 'kesä', 'summer--1985', '-summer', 'summer-', 'summer 1985', 'summer_1985', 'a/b']) {
      expect(slugProblem(bad), bad).toBe('pattern');
    }
  });

  it('refuses more than 80 characters', () => {
    expect(slugProblem('a'.repeat(80))).toBeNull();
    expect(slugProblem('a'.repeat(81))).toBe('tooLong');
  });

  it('agrees with the server’s body schema on every case', () => {
    for (const typed of ['', '  ', 'summer-1985', ' summer ', 'Summer', 'summer--1985', 'a'.repeat(81), 'kesä-1985']) {
      expect(slugProblem(typed) === null, typed).toBe(publishBodySchema.safeParse({ customSlug: typed }).success);
    }
  });
});
