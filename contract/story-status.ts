import { z } from 'zod';

/** A story's processingStatus: processing while the writer works, draft when it fell back to the transcript. */
export const STORY_PROCESSING_STATUSES = ['processing', 'generated', 'draft'] as const;
export const storyProcessingStatusSchema = z.enum(STORY_PROCESSING_STATUSES);
export type StoryProcessingStatus = z.infer<typeof storyProcessingStatusSchema>;

/** What a story holds until it is written (spec 2, "Story detail"): it means "not yet generated". */
export const STORY_PLACEHOLDERS = {
  title: 'Processing...',
  content: 'Your story is being generated...',
} as const;
