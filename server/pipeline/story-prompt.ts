import { STORY_TYPES, type Creativity, type PointOfView, type StoryStyle, type StoryType, type Tone } from '../../contract/story-options.ts';
import type { Language } from '../../contract/languages.ts';
import { paragraphsOf } from '../ai/paragraphs.ts';
import { temperatureFor } from '../ai/prompts/creativity.ts';
import type { Prompt } from '../ai/prompts/types.ts';
import { additionsEn } from './prompts/en/additions.ts';
import { regenerateEn } from './prompts/en/regenerate.ts';
import { storyEn } from './prompts/en/story.ts';
import { additionsFi } from './prompts/fi/additions.ts';
import { regenerateFi } from './prompts/fi/regenerate.ts';
import { storyFi } from './prompts/fi/story.ts';

/** One recording's words as the writer sees them. */
export interface TranscriptSource {
  text: string;
  /** A co-author's name when someone else spoke it. */
  speaker?: string;
  /** The time the recording is about, as the user gave it ("summer 1965"). */
  when?: string;
  /** The question this recording answers, when it is not the story's own (a spoken interview's follow-up). */
  question?: string;
}

/** A photo the story was told about ("Tell me about this picture"): what the writer knows of it, never the picture itself. */
export interface PhotoNote {
  /** The person's caption; empty when they gave none. */
  caption: string;
  /** The day the camera recorded (YYYY-MM-DD), when it wrote one. */
  takenOn: string | null;
}

export interface StoryRequest {
  transcripts: (string | TranscriptSource)[];
  /** The app language: the story is written in it. */
  language: Language;
  style?: StoryStyle;
  pointOfView?: PointOfView;
  tone?: Tone;
  creativity?: Creativity;
  /** An explicit temperature overrides the creativity level's. */
  temperature?: number;
  /** The interviewer question the recording answers. */
  promptQuestion?: string;
  authorName?: string;
  /** Names the user already keeps, so the writer spells them the same way. */
  knownPeople?: string[];
  knownPlaces?: string[];
  /** The photos the recordings were told about. */
  photos?: PhotoNote[];
}

export interface RegenerateRequest extends StoryRequest {
  previous: { title: string; content: string };
  /** What the user asked to change, in their words. */
  instructions?: string;
}

/** A story whose text the person wrote or edited: the writer may only add to it, never change it. */
export interface AdditionsRequest extends StoryRequest {
  /** The person's text, fixed: shown to the writer as numbered paragraphs, never sent back by it. */
  fixed: { title: string; content: string };
  /** Which of `transcripts` (by index) are new since the text was last written; the others are told already. */
  newTranscripts: number[];
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
  photo: PhotoLabels;
}

/** How the photos a story was told about are described to the writer. */
export interface PhotoLabels {
  /** That the story was told looking at a photo, and that the writer does not see it. */
  told: string;
  caption: (caption: string) => string;
  noCaption: string;
  takenOn: (date: string) => string;
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

const STORY_TEXTS: Record<Language, StoryTexts> = { en: storyEn, fi: storyFi };
const REGENERATE_TEXTS: Record<Language, RegenerateTexts> = { en: regenerateEn, fi: regenerateFi };
const ADDITIONS_TEXTS: Record<Language, AdditionsTexts> = { en: additionsEn, fi: additionsFi };

export function storyTexts(language: Language): StoryTexts {
  return STORY_TEXTS[language];
}

/** Recordings laid out for the model: numbered, with speaker, time and the question answered when known. */
export function formatSources(transcripts: (string | TranscriptSource)[], labels: SourceLabels): string {
  return transcripts
    .map((t, i) => {
      const source = typeof t === 'string' ? { text: t } : t;
      const notes = [
        source.speaker && labels.spokenBy(source.speaker),
        source.when && labels.about(source.when),
        source.question && labels.answering(source.question),
      ].filter(Boolean);
      return `${labels.recording(i + 1)}${notes.length ? ` (${notes.join(', ')})` : ''}:\n"""\n${source.text.trim()}\n"""`;
    })
    .join('\n\n');
}

function systemFor(request: StoryRequest, texts: StoryTexts): string {
  const pov = request.pointOfView === 'third' ? texts.pointOfView.third(request.authorName) : texts.pointOfView.first;
  return [
    texts.role,
    texts.grounding,
    texts.styles[request.style ?? 'auto'],
    pov,
    texts.tones[request.tone ?? 'reflective'],
    texts.creativity[request.creativity ?? 'balanced'],
    texts.outputLanguage,
    texts.format,
    texts.metadata(STORY_TYPES),
  ].join('\n\n');
}

function contextLines(request: StoryRequest, texts: StoryTexts): string[] {
  const lines: string[] = [];
  if (request.promptQuestion) lines.push(`${texts.labels.question}: ${request.promptQuestion}`);
  if (request.knownPeople?.length) lines.push(`${texts.labels.knownPeople}: ${request.knownPeople.join(', ')}`);
  if (request.knownPlaces?.length) lines.push(`${texts.labels.knownPlaces}: ${request.knownPlaces.join(', ')}`);
  if (request.photos?.length) lines.push(photoLines(request.photos, texts.labels.photo));
  return lines;
}

/** The photos told about, one line each: the caption and the day taken, all the writer may say of them. */
function photoLines(photos: PhotoNote[], labels: PhotoLabels): string {
  const line = (photo: PhotoNote) =>
    `- ${[photo.caption.trim() ? labels.caption(photo.caption.trim()) : labels.noCaption, photo.takenOn && labels.takenOn(photo.takenOn)].filter(Boolean).join(', ')}`;
  return `${labels.told}\n${photos.map(line).join('\n')}`;
}

/** The prompt that writes a story from one or more transcripts. */
export function buildStoryPrompt(request: StoryRequest): Prompt {
  const texts = storyTexts(request.language);
  const user = [...contextLines(request, texts), formatSources(request.transcripts, texts.labels)].join('\n\n');
  return { system: systemFor(request, texts), user, temperature: temperatureFor(request.creativity, request.temperature) };
}

/** The prompt that rewrites an existing story, with the author's wishes if any. */
export function buildRegeneratePrompt(request: RegenerateRequest): Prompt {
  const texts = storyTexts(request.language);
  const regen = REGENERATE_TEXTS[request.language];
  const wishes = request.instructions?.trim()
    ? `${regen.instructions}: ${request.instructions.trim()}`
    : regen.noInstructions;
  const user = [
    regen.intro,
    wishes,
    `${regen.previous}:\n"""\n${request.previous.title}\n\n${request.previous.content.trim()}\n"""`,
    ...contextLines(request, texts),
    formatSources(request.transcripts, texts.labels),
  ].join('\n\n');
  return { system: systemFor(request, texts), user, temperature: temperatureFor(request.creativity, request.temperature) };
}

/**
 * The prompt that adds new recordings to a text the person edited by hand: their text is
 * shown as fixed, numbered paragraphs; the model answers with new paragraphs only.
 */
export function buildAdditionsPrompt(request: AdditionsRequest): Prompt {
  const texts = storyTexts(request.language);
  const add = ADDITIONS_TEXTS[request.language];
  const numbered = paragraphsOf(request.fixed.content).map((p, i) => `${add.paragraph(i + 1)} ${p}`).join('\n\n');
  const isNew = new Set(request.newTranscripts);
  const told = request.transcripts.filter((_, i) => !isNew.has(i));
  const fresh = request.transcripts.filter((_, i) => isNew.has(i));
  const user = [
    add.task,
    `${add.fixedText}:\n"""\n${request.fixed.title}\n\n${numbered}\n"""`,
    ...contextLines(request, texts),
    ...(told.length ? [`${add.told}:\n\n${formatSources(told, texts.labels)}`] : []),
    `${add.newRecordings}:\n\n${formatSources(fresh.length ? fresh : request.transcripts, texts.labels)}`,
    add.output,
  ].join('\n\n');
  return { system: systemFor(request, texts), user, temperature: temperatureFor(request.creativity, request.temperature) };
}
