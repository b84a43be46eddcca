import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './password-strength.ts';

describe('isStrongPassword', () => {
  it('refuses common passwords, keyboard walks and repeats, however long', () => {
    for (const password of [
      'password1234',
      '123456789012',
      'qwertyuiopas',
      '1qaz2wsx3edc',
      'iloveyou1234',
      'Password123!',
      'salasana1234',
      'passwordpassword',
      'abcdefghijkl',
      ' '.repeat(12),
      'a'.repeat(256),
      'letmein'.repeat(30),
    ]) {
      expect(isStrongPassword(password), JSON.stringify(password)).toBe(false);
    }
  });

  it("refuses the person's own name and e-mail address dressed up as a password", () => {
    const personal = ['aino.virtanen@example.com', 'Aino', 'Virtanen'];
    for (const password of ['ainovirtanen', 'virtanen1969', 'aino.virtanen@example.com']) {
      expect(isStrongPassword(password, personal), password).toBe(false);
      // The same letters are no guess for an attacker of someone else's account.
      expect(isStrongPassword(password, ['eino@example.com', 'Eino']), password).toBe(true);
    }
  });

  it('accepts passphrases in English and Finnish, up to the longest allowed', () => {
    for (const password of [
      'long enough password',
      'correct horse battery',
      'kesä mökillä 1969',
      'mummon mökki järven rannalla',
      'isoäidin kesämökki',
      'the summer we spent at the lake house with grandmother and the old blue rowing boat '.repeat(3).slice(0, 256),
    ]) {
      expect(isStrongPassword(password), password).toBe(true);
    }
  });
});
