import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { HttpError } from '../http/errors.ts';

const require = createRequire(import.meta.url);

// zxcvbn's score 3 is "safely unguessable" (at least 10^8 guesses): a common password, a
// keyboard walk or a repeated word with a year on it scores lower; a few words do not.
const LEAST_SCORE = 3;
// Enough to judge any password; zxcvbn's time grows fast with length and this runs on the request.
const CHECKED_CHARACTERS = 100;

let estimator: ZxcvbnFactory | undefined;
// Loaded and built on first use: the dictionaries take a moment and 16 MB, and most
// processes never sign anyone up (decision 024).
const strengthEstimator = () => {
  if (!estimator) {
    const zxcvbn = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const { adjacencyGraphs, dictionary } = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    estimator = new zxcvbn.ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: CHECKED_CHARACTERS });
  }
  return estimator;
};

/** True when zxcvbn judges the password hard to guess, also from the person's own name and e-mail. */
export function isStrongPassword(password: string, personalWords: string[] = []): boolean {
  // The whole e-mail and each of its parts: "aino.virtanen1969" is no better than the address.
  const words = personalWords
    .map((input) => input.toLowerCase())
    .flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)])
    .filter((word) => word.length > 2);
  return strengthEstimator().check(password, words).score >= LEAST_SCORE;
}

/** Throws a 400 naming `password` when a new password is too easy to guess. */
export function requireStrongPassword(password: string, personalWords: string[] = []): void {
  if (!isStrongPassword(password, personalWords)) {
    throw new HttpError(
      400,
      'password_too_weak',
      'This password is too easy to guess. Use a few words that belong together only for you.',
      'password',
    );
  }
}
