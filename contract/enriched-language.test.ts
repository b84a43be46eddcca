import { describe, expect, it } from 'vitest';
import { enrichedInfoLanguage, enrichedValues } from './enriched-language.ts';

describe('enrichedInfoLanguage', () => {
  it('is Finnish when a common Finnish word is in the first 100 characters', () => {
    expect(enrichedInfoLanguage({ personality: 'Lämmin ja huolehtiva, aina valmis auttamaan.' })).toBe('fi');
    expect(enrichedInfoLanguage({ values: ['Perhe', 'rehellisyys'] })).toBe('fi');
  });

  it('is English otherwise', () => {
    expect(enrichedInfoLanguage({ personality: 'Warm and caring, always ready to help.' })).toBe('en');
    expect(enrichedInfoLanguage(undefined)).toBe('en');
  });

  it('looks at the first 100 characters only', () => {
    expect(enrichedInfoLanguage({ background: `${'word '.repeat(25)}ja` })).toBe('en');
    expect(enrichedInfoLanguage({ background: `${'word '.repeat(15)}ja` })).toBe('fi');
  });

  it('reads a plain string and lists', () => {
    expect(enrichedValues('Hän on opettaja')).toEqual(['Hän on opettaja']);
    expect(enrichedValues({ memories: ['a', 'b'], atmosphere: 'c', other: 3 })).toEqual(['a', 'b', 'c']);
  });
});
