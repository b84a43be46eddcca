import type { Creativity, StoryStyle, StoryType, Tone } from '../../../contract/story-options.ts';

/** A chat prompt ready for any writer adapter. */
export interface Prompt {
  system: string;
  user: string;
  temperature: number;
}

/** Headings and labels used when transcripts are laid out in a user message. */
export interface SourceLabels {
  recording: (n: number) => string;
  spokenBy: (name: string) => string;
  about: (when: string) => string;
  answering: (question: string) => string;
  question: string;
  knownPeople: string;
  knownPlaces: string;
}

/** Texts of the story task in one language. */
export interface StoryTexts {
  role: string;
  grounding: string;
  outputLanguage: string;
  format: string;
  styles: Record<StoryStyle, string>;
  tones: Record<Tone, string>;
  creativity: Record<Creativity, string>;
  pointOfView: { first: string; third: (author: string | undefined) => string };
  metadata: (storyTypes: readonly StoryType[]) => string;
  labels: SourceLabels;
}

export interface RegenerateTexts {
  intro: string;
  previous: string;
  instructions: string;
  noInstructions: string;
}

/** Texts of adding new recordings to a story the person edited by hand. */
export interface AdditionsTexts {
  task: string;
  fixedText: string;
  paragraph: (n: number) => string;
  told: string;
  newRecordings: string;
  output: string;
}

export interface FollowUpTexts {
  role: string;
  task: (count: number) => string;
  avoid: string;
  storyHeading: (n: number, title: string | undefined) => string;
}

/** The texts of the questions for untold parts of a life (decades, people, places with no stories). */
export interface GapQuestionsTexts {
  role: string;
  task: string;
  knownDecades: string;
  knownTitles: string;
  gapsHeading: string;
  decade: (decade: number) => string;
  person: (name: string) => string;
  place: (name: string) => string;
}

export interface EnrichmentTexts {
  role: string;
  grounding: string;
  task: (name: string, detail: string) => string;
  fields: string;
  recording: (n: number) => string;
}

export interface AutobiographyTexts {
  role: string;
  task: string;
  grounding: string;
  title: (title: string | undefined) => string;
  storyHeading: (n: number, title: string, when: string | undefined) => string;
}

export interface TranscriptionTexts {
  vocabulary: (names: string) => string;
}
