import { COAUTHOR_PREVIEW_LENGTH, type Contribution } from '../../../contract/co-author.ts';
import { isTranscriptionPending } from '../../../contract/engines.ts';
import { wordsOf } from '../../../contract/reading.ts';

export interface StoryPreview {
  text: string;
  /** Whether text is only the beginning (Read more shows the rest). */
  truncated: boolean;
}

/**
 * The story's beginning on the co-author page (spec 9.6): about `limit` characters, cut at
 * the last word boundary before it, with an ellipsis; a text that fits is shown whole.
 */
export function storyPreview(content: string, limit = COAUTHOR_PREVIEW_LENGTH): StoryPreview {
  const text = content.trim();
  if (text.length <= limit) return { text, truncated: false };
  // The last word ending within the limit (the character after it, checked too, is not part of it).
  const head = text.slice(0, limit + 1);
  const words = head.match(/^[\s\S]*[\p{L}\p{N}](?=[^\p{L}\p{N}'’-])/u);
  // One word longer than the whole preview is cut where it is.
  const cut = words ? words[0] : text.slice(0, limit);
  return { text: `${cut}…`, truncated: true };
}

/** How many words a contribution's transcript has. */
export function contributionWords(transcription: string | null): number {
  return wordsOf(transcription).length;
}

export interface SplitContributions {
  /** Made from this browser under the name typed now: these can be deleted. */
  yours: Contribution[];
  others: Contribution[];
}

/** The page's two lists (spec 5: split by the entered name); without a name nothing is yours. */
export function splitContributions(recordings: Contribution[], name: string | null): SplitContributions {
  const typed = name?.trim() ?? '';
  const isYours = (recording: Contribution) => typed !== '' && recording.mine && recording.contributorName === typed;
  return { yours: recordings.filter(isYours), others: recordings.filter((recording) => !isYours(recording)) };
}

/** How long the page keeps asking about transcripts on their way before it stops (a reload asks again). */
export const CONTRIBUTION_POLL_LIMIT_MS = 5 * 60 * 1000;

/** Whether to read the page again: a contribution is still being transcribed, and not for too long. */
export function shouldPollContributions(recordings: Contribution[], pollingSince: number, now: number): boolean {
  return recordings.some((recording) => isTranscriptionPending(recording.processingStatus)) && now - pollingSince < CONTRIBUTION_POLL_LIMIT_MS;
}
