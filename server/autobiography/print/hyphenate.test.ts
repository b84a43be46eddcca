import { describe, expect, it } from 'vitest';
import { hyphenate, SOFT_HYPHEN } from './hyphenate.ts';

const breaks = (text: string) => text.replaceAll(SOFT_HYPHEN, '-');

describe('hyphenation in the book\'s language', () => {
  it('breaks Finnish words by Finnish syllables', () => {
    expect(breaks(hyphenate('Kasvoin maatilalla Tampereen lähellä.', 'fi'))).toBe('Kas-voin maa-ti-lal-la Tam-pe-reen lä-hel-lä.');
  });

  it('breaks English words by English patterns', () => {
    expect(breaks(hyphenate('Every summer we remembered the beautiful lake.', 'en'))).toBe('Every sum-mer we re-mem-bered the beau-ti-ful lake.');
  });

  it('keeps the text itself: only soft hyphens are added', () => {
    const text = 'Lentokonesuihkuturbiinimoottoriapumekaanikkoaliupseerioppilas kävi\n\njärvenrantasaunassa vuonna 1965.';
    expect(hyphenate(text, 'fi').replaceAll(SOFT_HYPHEN, '')).toBe(text);
  });

  it('leaves short words, numbers and addresses whole', () => {
    expect(hyphenate('Äiti ja isä 1965 https://saaga.example/s/kesat-mokilla', 'fi')).toBe('Äiti ja isä 1965 https://saaga.example/s/kesat-mokilla');
  });
});
