import type { StoryDto } from '../../../contract/library.ts';

/** The story's chapter on story detail, where it is chosen (PATCH /api/stories/{id}/chapter); built by the chapters work. */
export function StoryChapterCard(_props: { story: StoryDto }) {
  return null;
}
