import type { StoryDto } from '../../../contract/library.ts';

/** The follow-up questions on story detail (spec 2): built by the follow-up work. */
export function FollowUpQuestions(_props: { story: StoryDto }) {
  return null;
}
