import type { Language } from '../../contract/languages.ts';
import type { Creativity, PointOfView, StoryMetadata, StoryStyle, Tone } from '../../contract/story-options.ts';
import type { PersonEnrichedInfo, PlaceEnrichedInfo } from '../../contract/enriched-info.ts';

/** Which implementation serves a port. */
export type AdapterName = 'openai' | 'local';

/** What GET /api/health shows for one engine. */
export interface EngineStatus {
  name: 'transcriber' | 'writer' | 'narrator' | 'vad';
  adapter: AdapterName;
  /** The model (or voice engine) in use. */
  model: string;
  ready: boolean;
  problem?: string;
  fix?: string;
}

// ---------------------------------------------------------------- transcriber

export interface TranscribeInput {
  /** Normalised audio: a path to, or the bytes of, a 16 kHz mono WAV or raw s16le PCM. */
  audio: string | Buffer;
  /** The speaker's language; undefined lets the engine detect it. */
  language?: Language;
  /** Names of the user's people and places, so the engine spells them right. */
  vocabulary?: string[];
  /** OpenAI transcription model (gpt-4o-transcribe, gpt-4o-mini-transcribe, whisper-1). */
  model?: string;
  /** Speech found by VAD (seconds), where a long recording may be cut at silences. */
  speech?: { start: number; end: number }[];
  signal?: AbortSignal;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  text: string;
  segments: TranscriptSegment[];
  /** ISO 639-1 code, as detected or as given. */
  language: string;
  durationSeconds: number;
}

export interface Transcriber {
  readonly adapter: AdapterName;
  transcribe(input: TranscribeInput): Promise<Transcript>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- live transcriber

/** What a live stream reports while the person speaks. */
export interface LiveTranscriptEvents {
  /** The words of the utterance in progress, whole (each replaces the one before). */
  partial(text: string): void;
  /** A finished utterance (after a pause, or at the end). */
  final(text: string): void;
  /** The engine failed; the stream is over. */
  error(error: Error): void;
}

export interface LiveStreamOptions {
  language?: Language;
  vocabulary?: string[];
  /** Aborted when the connection drops: the stream frees everything at once. */
  signal: AbortSignal;
}

/** One person speaking, as 16 kHz mono s16le PCM in order. */
export interface LiveTranscriptionStream {
  write(pcm: Int16Array): void;
  /** The person paused the recorder: finish the utterance in progress. */
  pause(): void;
  /** No more audio: resolves after the last `final`. */
  end(): Promise<void>;
}

/** Speech to text while it is spoken (a view: the durable pipeline still transcribes the upload). */
export interface LiveTranscriber {
  readonly adapter: AdapterName;
  /** Whether it transcribes faster than people speak, so live text is on by default. */
  keepsUp(): Promise<boolean>;
  start(options: LiveStreamOptions, events: LiveTranscriptEvents): Promise<LiveTranscriptionStream>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- writer

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
  model?: string;
  signal?: AbortSignal;
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

/** A new paragraph, placed after the fixed paragraph at `after` (1-based; 0: before the first; null: at the end). */
export interface AddedParagraph {
  after: number | null;
  text: string;
}

export interface StoryAdditions {
  paragraphs: AddedParagraph[];
  /** A title for a story whose title the person did not type (kept otherwise). */
  title: string;
  /** Only the names and dates the new paragraphs mention, grounded in the recordings. */
  metadata: Omit<StoryMetadata, 'storyType'>;
  removed: Removed;
}

export interface WrittenStory {
  title: string;
  content: string;
  metadata: StoryMetadata;
}

/** What grounding took out: names and dates found in no transcript. */
export interface Removed {
  people: string[];
  locations: string[];
  dates: string[];
}

export interface StoryResult {
  story: WrittenStory;
  removed: Removed;
}

export interface FollowUpRequest {
  /** Stories (or transcripts) the questions follow up on. */
  stories: { title?: string; content: string }[];
  language: Language;
  count?: number;
  /** Questions already asked, not to be repeated. */
  existingQuestions?: string[];
  model?: string;
  signal?: AbortSignal;
}

/** A part of a life with no stories yet: a decade, or a person or place no story names. */
export type LifeGap =
  | { key: string; kind: 'decade'; decade: number }
  | { key: string; kind: 'person' | 'place'; name: string; detail?: string | null };

export interface GapQuestionsRequest {
  gaps: LifeGap[];
  /** What the person has told already: decades with stories, and some story titles. */
  known: { decades: number[]; titles: string[] };
  language: Language;
  model?: string;
  signal?: AbortSignal;
}

export interface PersonEnrichmentRequest {
  name: string;
  relationship?: string | null;
  characterization?: string | null;
  /** Every transcript that mentions the person. */
  transcripts: string[];
  language: Language;
  model?: string;
  signal?: AbortSignal;
}

export interface PlaceEnrichmentRequest {
  name: string;
  type?: string | null;
  description?: string | null;
  transcripts: string[];
  language: Language;
  model?: string;
  signal?: AbortSignal;
}

export interface AutobiographyRequest {
  stories: { title: string; content: string; when?: string }[];
  language: Language;
  title?: string;
  style?: StoryStyle;
  pointOfView?: PointOfView;
  tone?: Tone;
  authorName?: string;
  model?: string;
  signal?: AbortSignal;
}

export interface Autobiography {
  title: string;
  content: string;
}

/** One chapter of an autobiography: a bounded request, so a long book is written in several. */
export interface AutobiographyChapterRequest {
  /** The stories of this chapter only, in order. */
  stories: { title: string; content: string; when?: string }[];
  language: Language;
  bookTitle: string;
  /** The person's chapter title; without one the writer names the chapter. */
  chapterTitle?: string;
  /** 1-based place of this chapter in the book, and how many there are. */
  chapterNumber: number;
  chapterCount: number;
  /** The end of the chapter before, so this one follows on from it. */
  previousEnding?: string;
  style?: StoryStyle;
  pointOfView?: PointOfView;
  authorName?: string;
  model?: string;
  signal?: AbortSignal;
}

export interface Writer {
  readonly adapter: AdapterName;
  writeStory(request: StoryRequest): Promise<StoryResult>;
  regenerateStory(request: RegenerateRequest): Promise<StoryResult>;
  /** New paragraphs for a text the person edited by hand, from what the new recordings add (the job assembles them). */
  addToStory(request: AdditionsRequest): Promise<StoryAdditions>;
  followUpQuestions(request: FollowUpRequest): Promise<string[]>;
  /** One question per gap, by the gap's key; a gap the answer left out, or asked about with made-up names, has none. */
  gapQuestions(request: GapQuestionsRequest): Promise<Record<string, string>>;
  enrichPerson(request: PersonEnrichmentRequest): Promise<PersonEnrichedInfo>;
  enrichPlace(request: PlaceEnrichmentRequest): Promise<PlaceEnrichedInfo>;
  autobiography(request: AutobiographyRequest): Promise<Autobiography>;
  /** One chapter of an autobiography, as Markdown paragraphs (the job grounds it). */
  autobiographyChapter(request: AutobiographyChapterRequest): Promise<Autobiography>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- narrator

export interface NarrateInput {
  text: string;
  language: Language;
  voice?: string;
  speed?: number;
  signal?: AbortSignal;
}

export interface Narration {
  audio: Buffer;
  mimeType: string;
}

export interface Narrator {
  readonly adapter: AdapterName;
  narrate(input: NarrateInput): Promise<Narration>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}
