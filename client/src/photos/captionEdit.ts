import { PHOTO_CAPTION_MAX } from '../../../contract/photos.ts';

/**
 * Whether a caption as typed is a change to save: different from the stored one once
 * trimmed, and within the limit. Unlike a story's text, a caption may be emptied: a photo
 * needs none.
 */
export function isCaptionChange(draft: string, stored: string): boolean {
  const trimmed = draft.trim();
  return trimmed !== stored.trim() && trimmed.length <= PHOTO_CAPTION_MAX;
}

/** The draft is over the limit: Save waits and the field says so. */
export const captionTooLong = (draft: string) => draft.trim().length > PHOTO_CAPTION_MAX;
