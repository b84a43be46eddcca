import { describe, expect, it } from 'vitest';
import { findByName, markNames, paragraphsOf } from './storyNames.ts';

describe('markNames', () => {
  it('marks people and places as whole words, ignoring case', () => {
    expect(markNames('Anna met anna in Helsinki.', ['Anna'], ['Helsinki'])).toEqual([
      { text: 'Anna', name: 'Anna', kind: 'person' },
      { text: ' met ' },
      { text: 'anna', name: 'Anna', kind: 'person' },
      { text: ' in ' },
      { text: 'Helsinki', name: 'Helsinki', kind: 'place' },
      { text: '.' },
    ]);
  });

  it('does not mark a name inside another word', () => {
    expect(markNames('Annual meeting with Ann', ['Ann'], [])).toEqual([
      { text: 'Annual meeting with ' },
      { text: 'Ann', name: 'Ann', kind: 'person' },
    ]);
  });

  it('prefers the longer name', () => {
    const parts = markNames('We drove to New York City.', [], ['New York', 'New York City']);
    expect(parts[1]).toEqual({ text: 'New York City', name: 'New York City', kind: 'place' });
  });

  it('marks Finnish endings when asked', () => {
    expect(markNames('Asuimme Tampereella.', [], ['Tampere'])).toEqual([{ text: 'Asuimme Tampereella.' }]);
    expect(markNames('Asuimme Tampereella.', [], ['Tampere'], { withEndings: true })).toEqual([
      { text: 'Asuimme ' },
      { text: 'Tampereella', name: 'Tampere', kind: 'place' },
      { text: '.' },
    ]);
  });

  it('treats names with letters outside English and special characters', () => {
    expect(markNames('Äiti (Märta) ja Ö.', ['Märta', 'Ö.'], [])).toEqual([
      { text: 'Äiti (' },
      { text: 'Märta', name: 'Märta', kind: 'person' },
      { text: ') ja ' },
      { text: 'Ö.', name: 'Ö.', kind: 'person' },
    ]);
  });

  it('returns the text alone without names, and nothing for no text', () => {
    expect(markNames('Just text', [], [' '])).toEqual([{ text: 'Just text' }]);
    expect(markNames('', ['Anna'], [])).toEqual([]);
  });
});

describe('paragraphsOf', () => {
  it('splits at blank lines and drops empty paragraphs', () => {
    expect(paragraphsOf('One\nstill one\n\nTwo\n \n\n\nThree')).toEqual(['One\nstill one', 'Two', 'Three']);
  });
});

describe('findByName', () => {
  it('finds a record by name ignoring case and spaces', () => {
    const people = [{ id: 1, name: 'Anna Virtanen' }];
    expect(findByName(people, ' anna virtanen ')).toEqual({ id: 1, name: 'Anna Virtanen' });
    expect(findByName(people, 'Anna')).toBeUndefined();
    expect(findByName(undefined, 'Anna')).toBeUndefined();
  });
});
