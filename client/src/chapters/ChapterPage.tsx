/** /collections/chapters/:chapterId: a chapter and its stories; built by the chapters work. */
export function ChapterPage() {
  return null;
}
