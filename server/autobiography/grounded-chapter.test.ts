import { describe, expect, it } from 'vitest';
import { groundedChapter } from './grounded-chapter.ts';

const stories = ['Summers at the lake', 'I grew up near Tampere with my sister Anna. In 1965 we swam in the lake every day.'];

describe('groundedChapter', () => {
  it('keeps sentences whose names and years the stories hold, inflected too', () => {
    const text = 'My childhood was full of water. In 1965 my sister Anna and I swam every day.\n\nWe loved Tampereen kesät.';
    expect(groundedChapter(text, stories, 'en')).toEqual({
      content: 'My childhood was full of water. In 1965 my sister Anna and I swam every day.\n\nWe loved Tampereen kesät.',
      removed: [],
    });
  });

  it('takes out and lists a sentence with a made-up person, place or year', () => {
    const text = 'We swam in the lake. Then my cousin Pekka came from Oulu. It was the summer of 1971. Anna laughed.';
    const grounded = groundedChapter(text, stories, 'en');
    expect(grounded.removed).toEqual(['Then my cousin Pekka came from Oulu.', 'It was the summer of 1971.']);
    expect(grounded.content).toBe('We swam in the lake. Anna laughed.');
  });

  it('drops a paragraph left empty and unmarks headings and lists', () => {
    const text = '## By the lake\n\nIn 1980 we moved to Helsinki.\n\n- We swam.\n- We rowed.';
    expect(groundedChapter(text, stories, 'en')).toEqual({
      content: 'By the lake\n\nWe swam. We rowed.',
      removed: ['In 1980 we moved to Helsinki.'],
    });
  });

  it('grounds Finnish text against Finnish stories', () => {
    const grounded = groundedChapter('Kesällä 1965 uimme Annan kanssa. Sitten muutimme Turkuun.', ['Kasvoin Tampereella siskoni Annan kanssa. Vuonna 1965 uimme järvessä.'], 'fi');
    expect(grounded.removed).toEqual(['Sitten muutimme Turkuun.']);
    expect(grounded.content).toBe('Kesällä 1965 uimme Annan kanssa.');
  });
});
