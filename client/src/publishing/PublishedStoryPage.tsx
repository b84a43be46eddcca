/** The public story page at /published/{slug} (spec "Published story page"). */
export function PublishedStoryPage() {
  return null;
}
