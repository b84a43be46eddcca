import { expect, it } from 'vitest';
import en from '../i18n/locales/en/live.json';
import fi from '../i18n/locales/fi/live.json';

// Same keys in both languages, none empty: client/src/i18n/locales.test.ts, for every namespace.
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
