import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/search.json';
import fi from '../i18n/locales/fi/search.json';

const keys = (words: object, prefix = ''): string[] =>
  Object.entries(words).flatMap(([key, value]) => (typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('search words', () => {
  it('has the same keys in English and Finnish, each one said in Finnish in its own words', () => {
    expect(keys(fi).sort()).toEqual(keys(en).sort());
    const flat = (words: object) => Object.fromEntries(keys(words).map((k) => [k, k.split('.').reduce<any>((o, p) => o[p], words)]));
    const english = flat(en);
    for (const [key, value] of Object.entries(flat(fi))) expect(value, key).not.toBe(english[key]);
  });
});
