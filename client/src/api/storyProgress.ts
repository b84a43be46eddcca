import { STORY_PLACEHOLDERS } from '../../../contract/story-status.ts';

/** The parts of a story that tell whether it is written yet. */
export interface StoryProgress {
  title: string;
  content: string;
  processingStatus: string;
}

/** How a story is shown: a full-page generating screen, skeleton text over a rewrite, or the story. */
export type StoryDisplay = 'generating' | 'rewriting' | 'ready';

/** A title other than empty or the "Processing..." placeholder. */
export function hasRealTitle(story: Pick<StoryProgress, 'title'>): boolean {
  const title = story.title.trim();
  return title !== '' && title !== STORY_PLACEHOLDERS.title;
}

/** Content other than empty or the "Your story is being generated..." placeholder. */
export function hasRealContent(story: Pick<StoryProgress, 'content'>): boolean {
  const content = story.content.trim();
  return content !== '' && content !== STORY_PLACEHOLDERS.content;
}

/**
 * How to show a story (spec 2, "Story detail"): processing without real content is the
 * generating screen, processing with content is skeleton text; the placeholders mean
 * "not yet generated" whatever the status says.
 */
export function storyDisplay(story: StoryProgress): StoryDisplay {
  if (story.processingStatus === 'processing') return hasRealContent(story) ? 'rewriting' : 'generating';
  return story.content.trim() === STORY_PLACEHOLDERS.content ? 'generating' : 'ready';
}

/** Whether the story is written, so its screens can stop polling. */
export function isStoryWritten(story: StoryProgress): boolean {
  return storyDisplay(story) === 'ready';
}
