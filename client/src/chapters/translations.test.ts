import { describe, expect, it } from 'vitest';
import { SUGGESTED_CHAPTER_NAMES, SUGGESTED_CHAPTERS } from '../../../contract/chapters.ts';
import en from '../i18n/locales/en/chapters.json';
import fi from '../i18n/locales/fi/chapters.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('chapters translations', () => {
  it('has the same keys in English and Finnish, none left empty', () => {
    expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
    for (const locale of [en, fi]) {
      for (const path of keyPaths(locale)) {
        const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], locale);
        expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
      }
    }
  });

  it('names every suggested chapter in both namings; English in the spec’s words, Finnish its own', () => {
    for (const key of SUGGESTED_CHAPTERS) {
      expect(en.suggestions[key]).toEqual(SUGGESTED_CHAPTER_NAMES[key]);
      expect(fi.suggestions[key].short).not.toBe(en.suggestions[key].short);
      expect(fi.suggestions[key].long).not.toBe(en.suggestions[key].long);
    }
  });

  it('says the spec’s success messages', () => {
    expect([en.toast.created, en.toast.updated, en.toast.deleted]).toEqual(['Chapter created', 'Chapter updated', 'Chapter deleted']);
    expect(en.loadFailed).toBe('Failed to fetch chapters');
  });
});
