import { describe, expect, it } from 'vitest';
import { PLACE_TYPES, RELATIONSHIPS, RELATIONSHIP_GROUPS, PLACE_TYPE_GROUPS } from '../../../contract/people-places.ts';
import en from '../i18n/locales/en/people.json';
import fi from '../i18n/locales/fi/people.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('people translations', () => {
  it('has the same keys in English and Finnish', () => {
    expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
  });

  it('names every relationship, place type and group in both languages', () => {
    for (const locale of [en, fi]) {
      expect(Object.keys(locale.relationships).sort()).toEqual([...RELATIONSHIPS].sort());
      expect(Object.keys(locale.placeTypes).sort()).toEqual([...PLACE_TYPES].sort());
      for (const group of [...Object.keys(RELATIONSHIP_GROUPS), ...Object.keys(PLACE_TYPE_GROUPS)]) {
        expect(locale.groups).toHaveProperty(group);
      }
    }
  });

  it('says the spec words where the spec gives them', () => {
    expect(en.toast.labelShown).toBe('Label shown');
    expect(fi.toast.labelShown).toBe('Tunniste näytetään');
    expect(en.detail.refreshing).toBe('Refreshing...');
    expect(en.hidden.title).toContain('Hidden Tags');
  });
});
