import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/live.json';
import fi from '../i18n/locales/fi/live.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('live translations', () => {
  it('has the same keys in English and Finnish, none left empty', () => {
    expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
    for (const locale of [en, fi]) {
      for (const path of keyPaths(locale)) {
        const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], locale);
        expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
      }
    }
  });

  it('says the spec’s test path errors (8.4), and Finnish its own', () => {
    expect([en.test.connectionFailed, en.test.streamingFailed, en.test.recordingFailed]).toEqual([
      'Connection failed',
      'Failed to connect to streaming service',
      'Recording failed',
    ]);
    expect(fi.test.connectionFailed).not.toBe(en.test.connectionFailed);
    expect(fi.test.streamingFailed).not.toBe(en.test.streamingFailed);
    expect(fi.test.recordingFailed).not.toBe(en.test.recordingFailed);
  });
});
