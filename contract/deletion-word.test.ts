import { expect, it } from 'vitest';
import { deletionWordMatches } from './archive.ts';

it('takes the word of the interface language only, whatever its letter case and the spaces around it', () => {
  expect(deletionWordMatches('en', 'DELETE')).toBe(true);
  expect(deletionWordMatches('en', ' delete ')).toBe(true);
  expect(deletionWordMatches('fi', 'Poista')).toBe(true);
  expect(deletionWordMatches('fi', 'DELETE')).toBe(false);
  expect(deletionWordMatches('en', 'POISTA')).toBe(false);
  expect(deletionWordMatches('en', 'DELET')).toBe(false);
  expect(deletionWordMatches('en', 'DEL ETE')).toBe(false);
  expect(deletionWordMatches('en', '')).toBe(false);
});
