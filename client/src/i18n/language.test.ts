import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language.ts';

describe('resolveLanguage', () => {
  it("uses the signed-in user's preference over everything else", () => {
    expect(resolveLanguage({ preference: 'fi', stored: 'en', browser: 'en-US' })).toBe('fi');
    expect(resolveLanguage({ preference: 'en', stored: 'fi', browser: 'fi-FI' })).toBe('en');
  });

  it('uses the stored choice when there is no preference', () => {
    expect(resolveLanguage({ preference: null, stored: 'fi', browser: 'en-GB' })).toBe('fi');
    expect(resolveLanguage({ stored: 'en', browser: 'fi' })).toBe('en');
  });

  it('ignores stored values that are not en or fi', () => {
    expect(resolveLanguage({ stored: 'sv', browser: 'fi-FI' })).toBe('fi');
    expect(resolveLanguage({ preference: 'de', stored: '', browser: 'de-DE' })).toBe('en');
  });

  it('reads the browser language: Finnish when it starts with fi, else English', () => {
    expect(resolveLanguage({ browser: 'fi' })).toBe('fi');
    expect(resolveLanguage({ browser: 'FI-fi' })).toBe('fi');
    expect(resolveLanguage({ browser: 'sv-FI' })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });
});
