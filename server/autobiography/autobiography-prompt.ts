import type { Language } from '../../contract/languages.ts';
import type { PointOfView, StoryStyle, Tone } from '../../contract/story-options.ts';
import { CREATIVITY_TEMPERATURE } from '../ai/prompts/creativity.ts';
import type { Prompt } from '../ai/prompts/types.ts';
import { storyTexts } from '../pipeline/story-prompt.ts';
import { autobiographyChapterEn, autobiographyEn } from './prompts/en/autobiography.ts';
import { autobiographyChapterFi, autobiographyFi } from './prompts/fi/autobiography.ts';

export interface AutobiographyRequest {
  stories: { title: string; content: string; when?: string }[];
  language: Language;
  title?: string;
  style?: StoryStyle;
  pointOfView?: PointOfView;
  tone?: Tone;
  authorName?: string;
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
}

export interface AutobiographyTexts {
  role: string;
  task: string;
  grounding: string;
  title: (title: string | undefined) => string;
  storyHeading: (n: number, title: string, when: string | undefined) => string;
}

const TEXTS: Record<Language, AutobiographyTexts> = { en: autobiographyEn, fi: autobiographyFi };

/** The prompt that weaves selected stories into one autobiography. */
export function buildAutobiographyPrompt(request: AutobiographyRequest): Prompt {
  const texts = TEXTS[request.language];
  const story = storyTexts(request.language);
  const pov = request.pointOfView === 'third' ? story.pointOfView.third(request.authorName) : story.pointOfView.first;
  return {
    system: [
      texts.role,
      texts.task,
      texts.grounding,
      story.styles[request.style ?? 'auto'],
      pov,
      story.tones[request.tone ?? 'reflective'],
      texts.title(request.title),
    ].join('\n\n'),
    user: request.stories
      .map((s, i) => `${texts.storyHeading(i + 1, s.title, s.when)}:\n"""\n${s.content.trim()}\n"""`)
      .join('\n\n'),
    temperature: CREATIVITY_TEMPERATURE.balanced,
  };
}

/** The texts of one chapter of an autobiography, in one language. */
export interface AutobiographyChapterTexts {
  role: string;
  task: (chapterNumber: number, chapterCount: number, bookTitle: string) => string;
  grounding: string;
  format: string;
  title: (chapterTitle: string | undefined) => string;
  previousEnding: string;
  storyHeading: (n: number, title: string, when: string | undefined) => string;
}

const CHAPTER_TEXTS: Record<Language, AutobiographyChapterTexts> = { en: autobiographyChapterEn, fi: autobiographyChapterFi };

/**
 * The prompt for one chapter of an autobiography: only that chapter's stories, so a long
 * book is written in bounded requests, with the end of the chapter before for continuity.
 */
export function buildAutobiographyChapterPrompt(request: AutobiographyChapterRequest): Prompt {
  const texts = CHAPTER_TEXTS[request.language];
  const story = storyTexts(request.language);
  const pov = request.pointOfView === 'third' ? story.pointOfView.third(request.authorName) : story.pointOfView.first;
  const stories = request.stories
    .map((s, i) => `${texts.storyHeading(i + 1, s.title, s.when)}:\n"""\n${s.content.trim()}\n"""`)
    .join('\n\n');
  const previous = request.previousEnding ? `${texts.previousEnding}:\n"""\n${request.previousEnding.trim()}\n"""\n\n` : '';
  return {
    system: [
      texts.role,
      texts.task(request.chapterNumber, request.chapterCount, request.bookTitle),
      texts.grounding,
      texts.format,
      story.styles[request.style ?? 'auto'],
      pov,
      texts.title(request.chapterTitle),
    ].join('\n\n'),
    user: previous + stories,
    temperature: CREATIVITY_TEMPERATURE.balanced,
  };
}
