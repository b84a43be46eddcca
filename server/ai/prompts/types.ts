/** A chat prompt ready for any writer adapter. */
export interface Prompt {
  system: string;
  user: string;
  temperature: number;
}

export interface TranscriptionTexts {
  vocabulary: (names: string) => string;
}
