import type { Story } from '../api/stories.ts';

/** Story detail's publish card (spec "Story detail", "Publish progress"). */
export function PublishCard(_props: { story: Story }) {
  return null;
}
