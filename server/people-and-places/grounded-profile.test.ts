import { describe, expect, it } from 'vitest';
import { TranscriptVocabulary } from '../ai/grounding.ts';
import { claimsTheUnsaid, groundedProfile } from './grounded-profile.ts';

const SPOKEN = [
  'My aunt Helmi lived in Tampere. She grew roses and tomatoes in her garden and always said: "A garden is never finished." She was born in 1932.',
];
const vocabulary = new TranscriptVocabulary(SPOKEN);

describe('claimsTheUnsaid', () => {
  it('lets a paraphrase of what was said stand', () => {
    expect(claimsTheUnsaid('Loved gardening, especially growing roses', vocabulary)).toBe(false);
    expect(claimsTheUnsaid('Born in 1932 and lived in Tampere', vocabulary)).toBe(false);
  });

  it('catches a name, a number or a whole claim nobody said', () => {
    expect(claimsTheUnsaid('She moved to Oulu after the war', vocabulary)).toBe(true);
    expect(claimsTheUnsaid('Born in 1934', vocabulary)).toBe(true);
    expect(claimsTheUnsaid('Played violin professionally', vocabulary)).toBe(true);
  });

  it('knows Finnish case endings', () => {
    const finnish = new TranscriptVocabulary(['Helmi-täti asui Tampereella ja kasvatti ruusuja puutarhassaan.']);
    expect(claimsTheUnsaid('Kasvatti ruusuja Tampereella', finnish)).toBe(false);
    expect(claimsTheUnsaid('Soitti viulua orkesterissa', finnish)).toBe(true);
  });
});

describe('groundedProfile', () => {
  const sources = { spoken: SPOKEN, read: ['Helmi', ...SPOKEN] };

  it('keeps what the recordings support and drops the rest, value by value', () => {
    const profile = groundedProfile(
      'person',
      {
        interests: ['Growing roses and tomatoes', 'Chess tournaments'],
        background: 'Born in 1932, lived in Tampere',
        physicalDescription: 'Tall with red hair',
        notableQuotes: ['A garden is never finished.', 'Never give up on your dreams.'],
      },
      sources,
    );
    expect(profile).toEqual({
      interests: ['Growing roses and tomatoes'],
      background: 'Born in 1932, lived in Tampere',
      notableQuotes: ['A garden is never finished.'],
    });
  });

  it('compares only names and numbers when the profile is written in another language than the recordings', () => {
    const profile = groundedProfile(
      'person',
      { interests: ['Ruusujen ja tomaattien kasvattaminen'], background: 'Hän syntyi vuonna 1932 ja muutti Ouluun.', personality: 'Hän oli syntynyt 1940.' },
      sources,
    );
    expect(profile).toEqual({ interests: ['Ruusujen ja tomaattien kasvattaminen'] });
  });

  it('refuses an answer outside the schema, or one with nothing left, as a retryable failure', () => {
    const failure = (detail: RegExp) => expect.objectContaining({ code: 'processing_failed', retryable: true, detail: expect.stringMatching(detail) });
    expect(() => groundedProfile('place', { atmosphere: 'Calm garden', owner: 'Helmi' }, sources)).toThrow(failure(/schema/));
    expect(() => groundedProfile('person', { personality: 'A keen sailor' }, sources)).toThrow(failure(/gathered nothing/));
  });
});
