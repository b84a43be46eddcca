import { expect, it } from 'vitest';
import en from '../i18n/locales/en/coAuthor.json';
import fi from '../i18n/locales/fi/coAuthor.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

it('has the same keys in English and Finnish', () => {
  expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
});

it('says the spec words where the spec gives them (8.4, 8.5, 8.6)', () => {
  expect(en.recorder.tooShort).toBe('Recording too short. Please record for at least 1 second.');
  expect(en.recorder.noSpeech).toBe('No speech detected. Please try recording again.');
  expect(en.recorder.recordingError).toBe('Recording Error');
  expect(en.recorder.doneTitle).toBe('Upload successful');
  expect(en.recorder.doneText).toBe('Transcribing in background...');
  expect(en.recorder.errorTitle).toBe('Upload failed');
  expect(en.name.requiredTitle).toBe('Name required');
  expect(en.name.required).toBe('Please enter your name to upload recordings');
  expect(en.name.requiredDelete).toBe('Please enter your name to delete recordings');
  expect(en.page.invalidText).toContain('This collaboration link has expired');
  expect(en.toast.copyFailed).toBe('Failed to copy link to clipboard');
  expect(en.list.words_other).toBe('{{count}} words');
  expect(fi.list.words_other).toBe('{{count}} sanaa');
});
