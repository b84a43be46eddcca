import { z } from 'zod';

/**
 * The AI-enriched summary of a person (spec 3, Person.enrichedInfo), built from every
 * recording that mentions them. Every field is optional; a field the recordings say
 * nothing about is left out.
 */
export const personEnrichedInfoSchema = z.object({
  values: z.array(z.string()).optional(),
  interests: z.array(z.string()).optional(),
  personality: z.string().optional(),
  relationshipDynamics: z.string().optional(),
  background: z.string().optional(),
  physicalDescription: z.string().optional(),
  notableQuotes: z.array(z.string()).optional(),
});
export type PersonEnrichedInfo = z.infer<typeof personEnrichedInfoSchema>;

/** The AI-enriched summary of a place (spec 3, Place.enrichedInfo). */
export const placeEnrichedInfoSchema = z.object({
  atmosphere: z.string().optional(),
  activities: z.array(z.string()).optional(),
  physicalFeatures: z.string().optional(),
  emotionalConnection: z.string().optional(),
  memories: z.array(z.string()).optional(),
  culturalSignificance: z.string().optional(),
  timeContext: z.string().optional(),
});
export type PlaceEnrichedInfo = z.infer<typeof placeEnrichedInfoSchema>;

/** enrichedInfo as stored: older rows may hold a plain string. */
export const personEnrichedInfoValueSchema = z.union([z.string(), personEnrichedInfoSchema]);
export const placeEnrichedInfoValueSchema = z.union([z.string(), placeEnrichedInfoSchema]);
