import { z } from 'zod';
import { storyTypeSchema } from '../../contract/story-options.ts';

/*
 * What the writer asks a model for. OpenAI's strict structured outputs want every key
 * required and no extra keys, so "nothing to say" is null here, never a missing key.
 */

export const storyOutputSchema = z.object({
  title: z.string(),
  content: z.string(),
  people: z.array(z.string()),
  locations: z.array(z.string()),
  dates: z.array(z.string()),
  storyType: storyTypeSchema,
});
export type StoryOutput = z.infer<typeof storyOutputSchema>;

/** Additions to a text the person edited: new paragraphs only, each placed after a numbered paragraph of theirs (null: at the end). */
export const storyAdditionsOutputSchema = z.object({
  title: z.string(),
  paragraphs: z.array(z.object({ after: z.number().nullable(), text: z.string() })),
  people: z.array(z.string()),
  locations: z.array(z.string()),
  dates: z.array(z.string()),
});
export type StoryAdditionsOutput = z.infer<typeof storyAdditionsOutputSchema>;

export const followUpOutputSchema = z.object({ questions: z.array(z.string()) });

export const gapQuestionsOutputSchema = z.object({ questions: z.array(z.object({ key: z.string(), question: z.string() })) });

export const personEnrichmentOutputSchema = z.object({
  values: z.array(z.string()),
  interests: z.array(z.string()),
  personality: z.string().nullable(),
  relationshipDynamics: z.string().nullable(),
  background: z.string().nullable(),
  physicalDescription: z.string().nullable(),
  notableQuotes: z.array(z.string()),
});

export const placeEnrichmentOutputSchema = z.object({
  atmosphere: z.string().nullable(),
  activities: z.array(z.string()),
  physicalFeatures: z.string().nullable(),
  emotionalConnection: z.string().nullable(),
  memories: z.array(z.string()),
  culturalSignificance: z.string().nullable(),
  timeContext: z.string().nullable(),
});

export const autobiographyOutputSchema = z.object({ title: z.string(), content: z.string() });

/** A JSON Schema (draft 7, no $schema key) for a zod schema, as both adapters take it. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

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
