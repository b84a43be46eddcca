import type { Story } from '../api/stories.ts';

/** Story detail's co-author card: the story's one sharing link (spec "Sharing link"). */
export function CoAuthorCard(_props: { story: Story }) {
  return null;
}
