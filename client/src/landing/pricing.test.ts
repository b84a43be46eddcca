import { describe, expect, it } from 'vitest';
import { formatEuroPrice, formatWordCount, PLANS } from './pricing.ts';

// Intl separates number and symbol (and digit groups) with no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuroPrice', () => {
  it('writes the premium price the English way', () => {
    expect(formatEuroPrice(PLANS.premium.monthlyPriceEur, 'en')).toBe('€9.99');
  });

  it('writes the premium price the Finnish way', () => {
    expect(plain(formatEuroPrice(PLANS.premium.monthlyPriceEur, 'fi'))).toBe('9,99 €');
  });

  it('writes the free price without decimals', () => {
    expect(formatEuroPrice(PLANS.free.monthlyPriceEur, 'en')).toBe('€0');
    expect(plain(formatEuroPrice(PLANS.free.monthlyPriceEur, 'fi'))).toBe('0 €');
  });

  it('falls back to English for other languages', () => {
    expect(formatEuroPrice(9.99, 'sv')).toBe('€9.99');
  });
});

describe('formatWordCount', () => {
  it('groups digits per language', () => {
    expect(formatWordCount(PLANS.free.wordsPerMonth, 'en')).toBe('5,000');
    expect(plain(formatWordCount(PLANS.free.wordsPerMonth, 'fi'))).toBe('5 000');
  });
});
