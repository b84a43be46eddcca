/**
 * The one rule for what the AI may overwrite: a title, story text or transcript the
 * person edited by hand stays, unless they asked to replace it. Their consent covers the
 * edits they had made when they asked (up to a moment); an edit made later is theirs again.
 * See docs/decisions/009-hand-edits.md.
 */
import { insertParagraphs, type AddedParagraph } from '../ai/paragraphs.ts';

/** The edits up to this moment may be replaced; null: none may. */
export type ReplaceEditsUpTo = Date | null;

/** Whether a hand edit made at `editedAt` (null: never edited) must be kept. */
export function keepsHandEdit(editedAt: Date | null, replaceUpTo: ReplaceEditsUpTo): boolean {
  return editedAt !== null && (replaceUpTo === null || editedAt.getTime() > replaceUpTo.getTime());
}

export interface StoredStoryText {
  title: string;
  content: string;
  titleEditedAt: Date | null;
  contentEditedAt: Date | null;
}

/**
 * What a written title and text become when stored over the story as it is now: each
 * part edited by hand keeps the person's words and its mark; a replaced part loses its mark.
 */
export function mergeWrittenStory(
  stored: StoredStoryText,
  written: { title: string; content: string },
  { replaceEditsUpTo = null }: { replaceEditsUpTo?: ReplaceEditsUpTo } = {},
): StoredStoryText {
  const keepTitle = keepsHandEdit(stored.titleEditedAt, replaceEditsUpTo);
  const keepContent = keepsHandEdit(stored.contentEditedAt, replaceEditsUpTo);
  return {
    title: keepTitle ? stored.title : written.title,
    titleEditedAt: keepTitle ? stored.titleEditedAt : null,
    content: keepContent ? stored.content : written.content,
    contentEditedAt: keepContent ? stored.contentEditedAt : null,
  };
}

/**
 * A text the person edited, with the writer's new paragraphs put in: every byte of theirs
 * stays (assembled here, not trusted to the model), and it stays marked as theirs. The
 * title follows the same rule as a written one.
 */
export function mergeAdditions(
  stored: StoredStoryText,
  written: { title: string; paragraphs: AddedParagraph[] },
  { replaceEditsUpTo = null }: { replaceEditsUpTo?: ReplaceEditsUpTo } = {},
): StoredStoryText {
  const keepTitle = keepsHandEdit(stored.titleEditedAt, replaceEditsUpTo);
  return {
    title: keepTitle ? stored.title : written.title,
    titleEditedAt: keepTitle ? stored.titleEditedAt : null,
    content: insertParagraphs(stored.content, written.paragraphs),
    contentEditedAt: stored.contentEditedAt,
  };
}

/** The latest of the hand edits (the moment a consent to replace them reaches), or null when there are none. */
export function latestEdit(...editedAt: (Date | null)[]): ReplaceEditsUpTo {
  const times = editedAt.filter((at): at is Date => at !== null).map((at) => at.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}
