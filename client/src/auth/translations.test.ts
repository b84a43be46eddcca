import { expect, it } from 'vitest';
import authEn from '../i18n/locales/en/auth.json';
import authFi from '../i18n/locales/fi/auth.json';
import errorsEn from '../i18n/locales/en/errors.json';
import errorsFi from '../i18n/locales/fi/errors.json';

/** Every key path with its {{placeholders}}, e.g. "forgot.sent_one: count,email". */
function shape(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) {
    const names = [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    return [`${prefix}: ${names.join(',')}`];
  }
  return Object.entries(value).flatMap(([key, child]) => shape(child, prefix ? `${prefix}.${key}` : key));
}

it('the account pages say the same things in English and Finnish, with the same placeholders', () => {
  expect(shape(authFi).sort()).toEqual(shape(authEn).sort());
  expect(shape(authEn)).toContain('forgot.sent_one: email');
});

it('an expired or used reset link is explained in both languages', () => {
  expect(errorsEn.codes.reset_link_invalid).toMatch(/expired or has already been used/);
  expect(errorsFi.codes.reset_link_invalid).toMatch(/vanhentunut tai jo käytetty/);
});
