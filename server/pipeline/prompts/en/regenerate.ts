import type { RegenerateTexts } from '../../story-prompt.ts';

/** English texts of story regeneration. */
export const regenerateEn: RegenerateTexts = {
  intro: 'Rewrite the story below from the same recordings, following the current settings.',
  previous: 'The current version of the story',
  instructions: 'What the author asked to change',
  noInstructions: 'Write a fresh version; do not copy sentences from the current one.',
};
