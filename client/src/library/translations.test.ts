import { describe, expect, it } from 'vitest';
import libraryEn from '../i18n/locales/en/library.json';
import libraryFi from '../i18n/locales/fi/library.json';
import recordingsEn from '../i18n/locales/en/recordings.json';
import recordingsFi from '../i18n/locales/fi/recordings.json';
import storyDetailEn from '../i18n/locales/en/storyDetail.json';
import storyDetailFi from '../i18n/locales/fi/storyDetail.json';
import timelineEn from '../i18n/locales/en/timeline.json';
import timelineFi from '../i18n/locales/fi/timeline.json';

/** Every key path of a namespace, e.g. "row.readingTime_one". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** The text at a key path. */
function textAt(value: unknown, path: string): string {
  return String(path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value));
}

/** The {{placeholders}} of every text, by key path. */
function placeholders(value: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const path of keyPaths(value)) {
    result[path] = [...textAt(value, path).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
  }
  return result;
}

describe.each([
  ['library', libraryEn, libraryFi],
  ['storyDetail', storyDetailEn, storyDetailFi],
  ['recordings', recordingsEn, recordingsFi],
  ['timeline', timelineEn, timelineFi],
])('the %s namespace', (_name, en, fi) => {
  it('has the same keys in English and Finnish', () => {
    expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
  });

  it('uses the same placeholders in both languages', () => {
    expect(placeholders(fi)).toEqual(placeholders(en));
  });

  it('has no empty texts', () => {
    for (const language of [en, fi]) {
      expect(keyPaths(language).filter((path) => textAt(language, path).trim() === '')).toEqual([]);
    }
  });
});
