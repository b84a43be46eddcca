import { describe, expect, it } from 'vitest';
import { storyTexts } from '../pipeline/story-prompt.ts';
import { buildAutobiographyChapterPrompt, buildAutobiographyPrompt } from './autobiography-prompt.ts';

const request = {
  stories: [{ title: 'Järvellä', content: 'Uin Näsijärvessä.', when: '1965' }],
  language: 'fi' as const,
  bookTitle: 'Elämäni',
  chapterTitle: 'Lapsuus',
  chapterNumber: 2,
  chapterCount: 5,
  previousEnding: 'Edellisen luvun loppu.',
  pointOfView: 'third' as const,
  authorName: 'Aino Virtanen',
};

describe('the prompt of one autobiography chapter', () => {
  it('carries only its stories, the end of the chapter before, its place in the book and the chosen voice, in Finnish', () => {
    const prompt = buildAutobiographyChapterPrompt(request);
    expect(prompt.user).toBe('Edellisen luvun loppu (älä toista sitä):\n"""\nEdellisen luvun loppu.\n"""\n\nTarina 1: Järvellä (1965):\n"""\nUin Näsijärvessä.\n"""');
    expect(prompt.system).toContain('luku 2/5');
    expect(prompt.system).toContain('"Elämäni"');
    expect(prompt.system).toContain('Luvun otsikko on "Lapsuus".');
    expect(prompt.system).toContain('Aino Virtanen');
    expect(prompt.system).toContain('Kirjoita suomeksi.');
  });

  it('asks an unnamed English chapter for a title, in the first person, with no chapter before', () => {
    const prompt = buildAutobiographyChapterPrompt({ ...request, language: 'en', chapterTitle: undefined, previousEnding: undefined, pointOfView: 'first', chapterNumber: 1 });
    expect(prompt.user.startsWith('Story 1: Järvellä (1965):')).toBe(true);
    expect(prompt.system).toContain('chapter 1 of 5');
    expect(prompt.system).toContain('Give the chapter a short title');
    expect(prompt.system).toContain('first person');
    expect(prompt.system).toContain('Write in English.');
  });
});

describe('the prompt of a whole autobiography', () => {
  it('autobiography: every story, its title and the chosen voice', () => {
    const prompt = buildAutobiographyPrompt({
      stories: [{ title: 'Farm', content: 'Cows.', when: '1965' }, { title: 'City', content: 'Trams.' }],
      language: 'en', title: 'My life', pointOfView: 'third', authorName: 'Aino', style: 'elegant_rhythmic',
    });
    expect(prompt.user).toContain('Story 1: Farm (1965)');
    expect(prompt.user).toContain('Story 2: City');
    expect(prompt.system).toContain('"My life"');
    expect(prompt.system).toContain('Aino');
    expect(prompt.system).toContain(storyTexts('en').styles.elegant_rhythmic);
  });
});
