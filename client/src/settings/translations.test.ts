import { expect, it } from 'vitest';
import en from '../i18n/locales/en/settings.json';
import fi from '../i18n/locales/fi/settings.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

it('has the same keys in English and Finnish', () => {
  expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
});
