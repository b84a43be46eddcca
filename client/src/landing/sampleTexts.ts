import type { StoryStyle } from '../../../contract/story-options.ts';

/** The six texts of the before/after section: the raw transcript, then one per writing style. */
export const SAMPLE_IDS = ['before', 'style1', 'style2', 'style3', 'style4', 'style5'] as const;
export type SampleId = (typeof SAMPLE_IDS)[number];

/** The story style each rewritten sample demonstrates (texts live in landing.json under beforeAfter.texts). */
export const SAMPLE_STYLES: Record<Exclude<SampleId, 'before'>, StoryStyle> = {
  style1: 'plain_documentarian',
  style2: 'clear_narrative',
  style3: 'intimate_biographical',
  style4: 'elegant_rhythmic',
  style5: 'analytical_architect',
};

export const AFTER_IDS = SAMPLE_IDS.filter((id): id is Exclude<SampleId, 'before'> => id !== 'before');

export function isSampleId(value: string): value is SampleId {
  return (SAMPLE_IDS as readonly string[]).includes(value);
}
