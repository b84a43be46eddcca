import { z } from 'zod';

/** How a story is written: the spec's styles, points of view, tones and creativity levels. */
export const STORY_STYLES = [
  'auto',
  'plain_documentarian',
  'clear_narrative',
  'intimate_biographical',
  'elegant_rhythmic',
  'analytical_architect',
] as const;
export const storyStyleSchema = z.enum(STORY_STYLES);
export type StoryStyle = z.infer<typeof storyStyleSchema>;

export const POINTS_OF_VIEW = ['first', 'third'] as const;
export const pointOfViewSchema = z.enum(POINTS_OF_VIEW);
export type PointOfView = z.infer<typeof pointOfViewSchema>;

export const TONES = ['reflective', 'adventurous', 'humorous', 'nostalgic', 'inspirational', 'dramatic'] as const;
export const toneSchema = z.enum(TONES);
export type Tone = z.infer<typeof toneSchema>;

export const CREATIVITY_LEVELS = ['literal', 'balanced', 'creative', 'storytelling'] as const;
export const creativitySchema = z.enum(CREATIVITY_LEVELS);
export type Creativity = z.infer<typeof creativitySchema>;

export const STORY_TYPES = [
  'challenge',
  'travel',
  'childhood',
  'relationship',
  'other',
  'family',
  'hobby',
  'personal note',
] as const;
export const storyTypeSchema = z.enum(STORY_TYPES);
export type StoryType = z.infer<typeof storyTypeSchema>;

/** Story metadata as the writer produces it and the story stores it. */
export const storyMetadataSchema = z.object({
  people: z.array(z.string()).default([]),
  locations: z.array(z.string()).default([]),
  dates: z.array(z.string()).default([]),
  storyType: storyTypeSchema.default('other'),
});
export type StoryMetadata = z.infer<typeof storyMetadataSchema>;
