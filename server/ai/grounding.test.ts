import { describe, expect, it } from 'vitest';
import { groundStory, isDateGrounded, isNameGrounded, sameWord, TranscriptVocabulary } from './grounding.ts';
import type { StoryMetadata } from '../../contract/story-options.ts';

type WrittenStory = { title: string; content: string; metadata: StoryMetadata };

const english = 'I grew up on a farm near Tampere with my sister Anna. Every summer in 1965 we swam in the lake.';
const finnish = 'Kasvoin maatilalla Tampereen lähellä siskoni Annan kanssa. Kesällä 1965 uimme järvessä Turussa, ja Matin kanssa Helsingissä.';

function story(metadata: Partial<WrittenStory['metadata']>): WrittenStory {
  return { title: 'T', content: 'C', metadata: { people: [], locations: [], dates: [], storyType: 'childhood', ...metadata } };
}

describe('grounding', () => {
  it('removes an invented person, place and date and reports them', () => {
    const { result, removed } = groundStory(
      story({ people: ['Anna', 'Uncle Robert'], locations: ['Tampere', 'Paris'], dates: ['1965', '1972'] }),
      [english],
    );
    expect(result.metadata).toEqual({ people: ['Anna'], locations: ['Tampere'], dates: ['1965'], storyType: 'childhood' });
    expect(removed).toEqual({ people: ['Uncle Robert'], locations: ['Paris'], dates: ['1972'] });
  });

  it('keeps names said in Finnish inflected forms', () => {
    const { result, removed } = groundStory(
      story({ people: ['Anna', 'Matti', 'siskoni Anna'], locations: ['Tampere', 'Turku', 'Helsinki', 'järvi'], dates: ['kesä 1965'] }),
      [finnish],
    );
    expect(removed).toEqual({ people: [], locations: [], dates: [] });
    expect(result.metadata.locations).toEqual(['Tampere', 'Turku', 'Helsinki', 'järvi']);
  });

  it('uses every transcript of a story', () => {
    const { removed } = groundStory(story({ people: ['Anna', 'Pekka'] }), ['Anna was there.', 'Later Pekka came.']);
    expect(removed.people).toEqual([]);
  });

  it('does not let a title word ground an invented name', () => {
    const vocabulary = new TranscriptVocabulary(['My uncle lived by the lake.']);
    expect(isNameGrounded('Uncle Bob', vocabulary)).toBe(false);
    expect(isNameGrounded('my uncle', vocabulary)).toBe(true);
    expect(isNameGrounded('the lake', vocabulary)).toBe(true);
  });

  it('compares case- and accent-insensitively', () => {
    const vocabulary = new TranscriptVocabulary(['We moved to JYVASKYLA.']);
    expect(isNameGrounded('Jyväskylä', vocabulary)).toBe(true);
  });

  it('needs every year of a date, and a word of a date without one', () => {
    const vocabulary = new TranscriptVocabulary(['From 1960 to 1965, every summer and at Christmas.']);
    expect(isDateGrounded('1960-1965', vocabulary)).toBe(true);
    expect(isDateGrounded('1960-1970', vocabulary)).toBe(false);
    expect(isDateGrounded('summers', vocabulary)).toBe(true);
    expect(isDateGrounded('Easter', vocabulary)).toBe(false);
  });

  it('matches word stems by the documented rules only', () => {
    expect(sameWord('tampere', 'tampereella')).toBe(true); // suffix
    expect(sameWord('helsinki', 'helsingissa')).toBe(true); // shared prefix of 5+
    expect(sameWord('turku', 'turussa')).toBe(true); // gradation k
    expect(sameWord('anna', 'annika')).toBe(false);
    expect(sameWord('maija', 'maire')).toBe(false); // j is no gradation consonant
    expect(sameWord('jarvi', 'jarvessa')).toBe(true); // i-stem
    expect(sameWord('bob', 'bobby')).toBe(true);
    expect(sameWord('al', 'alice')).toBe(false); // too short to stem
  });
});
