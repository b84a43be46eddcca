import type { TranscriptionTexts } from '../types.ts';

/** English hint given to the speech engine. */
export const transcriptionEn: TranscriptionTexts = {
  vocabulary: (names) => `A personal memory. Names that may come up: ${names}.`,
};
