import { describe, expect, it } from 'vitest';
import { CREATIVITY_LEVELS, STORY_STYLES, STORY_TYPES, TONES } from '../../../contract/story-options.ts';
import { buildAutobiographyPrompt } from './autobiography.ts';
import { CREATIVITY_TEMPERATURE } from './creativity.ts';
import { buildPersonEnrichmentPrompt, buildPlaceEnrichmentPrompt } from './enrichment.ts';
import { buildFollowUpPrompt } from './follow-up.ts';
import { buildRegeneratePrompt, buildStoryPrompt, storyTexts } from './story.ts';
import { buildVocabularyPrompt, MAX_VOCABULARY_CHARS } from './transcription.ts';
import type { StoryRequest } from '../ports.ts';

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
});

describe('other prompts', () => {
  it('follow-up questions: count, memories and the questions not to repeat', () => {
    const prompt = buildFollowUpPrompt({ stories: [{ title: 'The farm', content: 'We had cows.' }], language: 'en', count: 4, existingQuestions: ['What were the cows called?'] });
    expect(prompt.system).toContain('Ask 4 short');
    expect(prompt.user).toContain('Memory 1: The farm');
    expect(prompt.user).toContain('What were the cows called?');
    expect(buildFollowUpPrompt({ stories: [{ content: 'x' }], language: 'fi' }).system).toContain('Esitä 3');
  });

  it('enrichment: the person or place, grounded, with the spec fields', () => {
    const person = buildPersonEnrichmentPrompt({ name: 'Anna', relationship: 'sister', transcripts: ['Anna laughed.'], language: 'en' });
    expect(person.user).toContain('Anna (sister)');
    expect(person.user).toContain('Anna laughed.');
    for (const field of ['values', 'interests', 'personality', 'relationshipDynamics', 'background', 'physicalDescription', 'notableQuotes']) {
      expect(person.system).toContain(field);
    }
    const place = buildPlaceEnrichmentPrompt({ name: 'Näsijärvi', type: 'lake', transcripts: ['We swam.'], language: 'fi' });
    expect(place.user).toContain('Näsijärvi (lake)');
    for (const field of ['atmosphere', 'activities', 'physicalFeatures', 'emotionalConnection', 'memories', 'culturalSignificance', 'timeContext']) {
      expect(place.system).toContain(field);
    }
    expect(place.system).toContain('Kirjoita suomeksi');
  });

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

  it('vocabulary hint: names in the speaker\'s language, deduplicated and bounded', () => {
    expect(buildVocabularyPrompt([], 'en')).toBeUndefined();
    expect(buildVocabularyPrompt(['Anna', 'Tampere', 'Anna'], 'en')).toBe('A personal memory. Names that may come up: Anna, Tampere.');
    expect(buildVocabularyPrompt(['Anna'], 'fi')).toContain('Nimiä');
    const many = Array.from({ length: 500 }, (_, i) => `Name${i}`);
    expect(buildVocabularyPrompt(many, 'en')!.length).toBeLessThan(MAX_VOCABULARY_CHARS + 80);
  });
});
