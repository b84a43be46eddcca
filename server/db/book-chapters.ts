/** One chapter of a book as stored (autobiographies.chapters). */
export interface StoredBookChapter {
  /** The person's chapter title, or null: the writer names a chapter of stories in no chapter. */
  title: string | null;
  storyIds: number[];
  /** The chapter's Markdown text, null until the job has written it. */
  content: string | null;
  /** Sentences taken out because they named a person, place or year no story of the chapter holds. */
  removed: string[];
}
