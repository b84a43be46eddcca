import type { TranscriptionTexts } from '../types.ts';

/** Finnish hint given to the speech engine. */
export const transcriptionFi: TranscriptionTexts = {
  vocabulary: (names) => `Henkilökohtainen muisto. Nimiä, joita voi esiintyä: ${names}.`,
};
