import { describe, expect, it } from 'vitest';
import recordingEn from '../i18n/locales/en/recording.json';
import recordingFi from '../i18n/locales/fi/recording.json';
import storyEn from '../i18n/locales/en/story.json';
import storyFi from '../i18n/locales/fi/story.json';

/** Every key path of a namespace, e.g. "after.types.year". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** The {{placeholders}} of every text, by key path. */
function placeholders(value: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const path of keyPaths(value)) {
    const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value);
    result[path] = [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
  }
  return result;
}

describe.each([
  ['recording', recordingEn, recordingFi],
  ['story', storyEn, storyFi],
])('the %s namespace', (_name, en, fi) => {
  it('has the same keys in English and Finnish', () => {
    expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
  });

  it('uses the same placeholders in both languages', () => {
    expect(placeholders(fi)).toEqual(placeholders(en));
  });
});
