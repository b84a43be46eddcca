import { z } from 'zod';
import type { PersonEnrichedInfo, PlaceEnrichedInfo } from '../../contract/enriched-info.ts';
import { TranscriptVocabulary, words } from '../ai/grounding.ts';
import { defineWritingTask } from '../ai/writing-task.ts';
import { buildPersonEnrichmentPrompt, buildPlaceEnrichmentPrompt, type PersonEnrichmentRequest, type PlaceEnrichmentRequest } from './enrichment-prompt.ts';

/*
 * The profile of a person or place from every recording about it (spec 3, enrichedInfo).
 * OpenAI's strict structured outputs want every key required, so "nothing to say" is null
 * in the model's answer, and dropped here. The job checks the profile further (grounded-profile.ts).
 */

const personEnrichmentOutputSchema = z.object({
  values: z.array(z.string()),
  interests: z.array(z.string()),
  personality: z.string().nullable(),
  relationshipDynamics: z.string().nullable(),
  background: z.string().nullable(),
  physicalDescription: z.string().nullable(),
  notableQuotes: z.array(z.string()),
});

const placeEnrichmentOutputSchema = z.object({
  atmosphere: z.string().nullable(),
  activities: z.array(z.string()),
  physicalFeatures: z.string().nullable(),
  emotionalConnection: z.string().nullable(),
  memories: z.array(z.string()),
  culturalSignificance: z.string().nullable(),
  timeContext: z.string().nullable(),
});

/** Drops null fields, empty strings and empty lists: the enrichedInfo shape keeps only what is known. */
export function withoutEmpty<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    if (Array.isArray(v)) {
      const items = v.filter((item) => typeof item !== 'string' || item.trim() !== '');
      if (items.length === 0) continue;
      out[key] = items;
      continue;
    }
    out[key] = typeof v === 'string' ? v.trim() : v;
  }
  return out as { [K in keyof T]?: Exclude<T[K], null> };
}

/** A quote stays when most of its words were said in the recordings. */
function isQuoteGrounded(quote: string, vocabulary: TranscriptVocabulary): boolean {
  const quoteWords = words(quote);
  if (quoteWords.length === 0) return false;
  return quoteWords.filter((w) => vocabulary.has(w)).length / quoteWords.length >= 0.6;
}

export const enrichPersonTask = defineWritingTask({
  name: 'person_enrichment',
  output: personEnrichmentOutputSchema,
  prompt: (request: PersonEnrichmentRequest) => buildPersonEnrichmentPrompt(request),
  ground(output, request): PersonEnrichedInfo {
    const vocabulary = new TranscriptVocabulary(request.transcripts);
    return withoutEmpty({ ...output, notableQuotes: output.notableQuotes.filter((q) => isQuoteGrounded(q, vocabulary)) });
  },
});

export const enrichPlaceTask = defineWritingTask({
  name: 'place_enrichment',
  output: placeEnrichmentOutputSchema,
  prompt: (request: PlaceEnrichmentRequest) => buildPlaceEnrichmentPrompt(request),
  ground: (output): PlaceEnrichedInfo => withoutEmpty(output),
});
