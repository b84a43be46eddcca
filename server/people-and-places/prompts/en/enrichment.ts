import type { EnrichmentTexts } from '../../enrichment-prompt.ts';

const grounding =
  'Use only what the recordings say. Give null for every field the recordings say nothing about, '
  + 'and an empty list when there is nothing to list. Do not guess or generalise. Write in English.';

/** English texts of person enrichment. */
export const personEnrichmentEn: EnrichmentTexts = {
  role: 'You build short, factual profiles of the people in someone\'s life stories.',
  grounding,
  task: (name, detail) => `Describe ${name}${detail ? ` (${detail})` : ''} as the recordings below reveal them.`,
  fields:
    'Fields: values (what they care about), interests, personality, relationshipDynamics (how they relate to the speaker and others), '
    + 'background (origins, work, life events), physicalDescription, notableQuotes (words said by or about them, quoted exactly as in the recordings).',
  recording: (n) => `Recording ${n}`,
};

/** English texts of place enrichment. */
export const placeEnrichmentEn: EnrichmentTexts = {
  role: 'You build short, factual profiles of the places in someone\'s life stories.',
  grounding,
  task: (name, detail) => `Describe ${name}${detail ? ` (${detail})` : ''} as the recordings below reveal it.`,
  fields:
    'Fields: atmosphere, activities (what people did there), physicalFeatures, emotionalConnection (what it means to the speaker), '
    + 'memories (short summaries of the moments told about it), culturalSignificance, timeContext (when the speaker knew it).',
  recording: (n) => `Recording ${n}`,
};
