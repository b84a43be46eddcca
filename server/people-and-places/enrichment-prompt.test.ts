import { describe, expect, it } from 'vitest';
import { buildPersonEnrichmentPrompt, buildPlaceEnrichmentPrompt } from './enrichment-prompt.ts';

describe('enrichment prompt', () => {
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
});
