import { describe, expect, it } from 'vitest';
import { CREATIVITY_LEVELS, STORY_STYLES, STORY_TYPES, TONES } from '../../contract/story-options.ts';
import { CREATIVITY_TEMPERATURE } from '../ai/prompts/creativity.ts';
import { buildRegeneratePrompt, buildStoryPrompt, storyTexts, type StoryRequest } from './story-prompt.ts';

const base: StoryRequest = { transcripts: ['I grew up near Tampere with my sister Anna.'], language: 'en' };

/** The lines of `b`'s system prompt that are not in `a`'s. */
function added(a: string, b: string): string[] {
  const before = new Set(a.split('\n\n'));
  return b.split('\n\n').filter((line) => !before.has(line));
}

describe('story prompt', () => {
  it('always tells the writer to stay grounded, in the app language, and lists the story types', () => {
    for (const language of ['en', 'fi'] as const) {
      const prompt = buildStoryPrompt({ ...base, language });
      const texts = storyTexts(language);
      expect(prompt.system).toContain(texts.grounding);
      expect(prompt.system).toContain(texts.outputLanguage);
      for (const type of STORY_TYPES) expect(prompt.system).toContain(type);
      expect(prompt.user).toContain(base.transcripts[0]);
    }
    expect(buildStoryPrompt(base).system).toContain('Use only what the speaker said');
    expect(buildStoryPrompt({ ...base, language: 'fi' }).system).toContain('Kirjoita otsikko ja tarina suomeksi');
  });

  it.each(STORY_STYLES)('style %s changes exactly the style line', (style) => {
    const other = style === 'auto' ? 'plain_documentarian' : 'auto';
    const diff = added(buildStoryPrompt({ ...base, style: other }).system, buildStoryPrompt({ ...base, style }).system);
    expect(diff).toEqual([storyTexts('en').styles[style]]);
  });

  it.each(TONES)('tone %s changes exactly the tone line', (tone) => {
    const other = tone === 'reflective' ? 'dramatic' : 'reflective';
    expect(added(buildStoryPrompt({ ...base, tone: other }).system, buildStoryPrompt({ ...base, tone }).system))
      .toEqual([storyTexts('en').tones[tone]]);
  });

  it.each(CREATIVITY_LEVELS)('creativity %s changes the instruction and the temperature', (creativity) => {
    const other = creativity === 'balanced' ? 'literal' : 'balanced';
    const prompt = buildStoryPrompt({ ...base, creativity });
    expect(added(buildStoryPrompt({ ...base, creativity: other }).system, prompt.system)).toEqual([storyTexts('en').creativity[creativity]]);
    expect(prompt.temperature).toBe(CREATIVITY_TEMPERATURE[creativity]);
  });

  it('orders creativity temperatures from literal to storytelling, balanced at the spec default', () => {
    expect(CREATIVITY_TEMPERATURE.literal).toBeLessThan(CREATIVITY_TEMPERATURE.balanced);
    expect(CREATIVITY_TEMPERATURE.balanced).toBe(0.7);
    expect(CREATIVITY_TEMPERATURE.creative).toBeLessThan(CREATIVITY_TEMPERATURE.storytelling);
    expect(buildStoryPrompt({ ...base, creativity: 'literal', temperature: 1.2 }).temperature).toBe(1.2);
  });

  it('point of view: first person, or third person naming the author', () => {
    expect(buildStoryPrompt({ ...base, pointOfView: 'first' }).system).toContain('first person');
    const third = buildStoryPrompt({ ...base, pointOfView: 'third', authorName: 'Aino' }).system;
    expect(third).toContain('third person');
    expect(third).toContain('Aino');
    expect(third).not.toContain('first person');
    expect(buildStoryPrompt({ ...base, language: 'fi', pointOfView: 'third', authorName: 'Aino' }).system).toContain('kolmas persoona');
  });

  it('lays out several recordings with speaker, time, question and known names', () => {
    const prompt = buildStoryPrompt({
      ...base,
      transcripts: [{ text: 'First part.', when: 'summer 1965' }, { text: 'Second part.', speaker: 'Pekka' }, { text: 'Third part.', question: 'Who rowed?' }],
      promptQuestion: 'Where did you grow up?',
      knownPeople: ['Anna Virtanen'],
      knownPlaces: ['Tampere'],
    });
    expect(prompt.user).toContain('Recording 1 (about summer 1965)');
    expect(prompt.user).toContain('Recording 2 (spoken by Pekka)');
    expect(prompt.user).toContain('Recording 3 (answering: Who rowed?)');
    expect(prompt.user).toContain('Where did you grow up?');
    expect(prompt.user).toContain('Anna Virtanen');
    expect(prompt.user).toContain('Tampere');
  });

  it('regeneration carries the previous version and the author\'s wishes', () => {
    const prompt = buildRegeneratePrompt({ ...base, previous: { title: 'Old title', content: 'Old content.' }, instructions: 'Shorter, please' });
    expect(prompt.user).toContain('Old title');
    expect(prompt.user).toContain('Old content.');
    expect(prompt.user).toContain('Shorter, please');
    expect(prompt.system).toBe(buildStoryPrompt(base).system);
    expect(buildRegeneratePrompt({ ...base, language: 'fi', previous: { title: 'a', content: 'b' } }).user).toContain('Kirjoita alla oleva tarina uudelleen');
  });

  it('a story told about a photo: the writer is told so, with the caption and the day taken, and that it cannot see the picture', () => {
    const photos = [{ caption: 'Mökki at Koli, 1965', takenOn: '1965-07-12' }, { caption: '', takenOn: null }];
    const en = buildStoryPrompt({ ...base, photos }).user;
    expect(en).toContain(storyTexts('en').labels.photo.told);
    expect(en).toContain('You cannot see the photo: say nothing about what it shows beyond its caption and what the speaker says');
    expect(en).toContain('- caption: "Mökki at Koli, 1965", taken on 1965-07-12');
    expect(en).toContain('- no caption');
    const fi = buildStoryPrompt({ ...base, language: 'fi', photos }).user;
    expect(fi).toContain('Et näe kuvaa');
    expect(fi).toContain('- kuvateksti: "Mökki at Koli, 1965", otettu 1965-07-12');
    expect(fi).toContain('- ei kuvatekstiä');
    // Told about no photo, the writer hears nothing of photos.
    expect(buildStoryPrompt(base).user).not.toContain(storyTexts('en').labels.photo.told);
  });
});
