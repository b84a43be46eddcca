import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, 'locales');
const namespaces = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));
const read = (language: string, file: string): unknown => JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8'));

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

const textAt = (locale: unknown, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], locale);

// Every namespace, the ones added later too: the same keys in English and Finnish, none empty.
describe('translations', () => {
  it('has a Finnish file for every English one', () => {
    expect(readdirSync(join(LOCALES, 'fi')).filter((file) => file.endsWith('.json')).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s has the same keys in English and Finnish, none left empty', (file) => {
    const [en, fi] = [read('en', file), read('fi', file)];
    expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
    for (const locale of [en, fi]) {
      for (const path of keyPaths(locale)) {
        const text = textAt(locale, path);
        expect(typeof text === 'string' && text.trim() !== '', `${file}: ${path}`).toBe(true);
      }
    }
  });
});
