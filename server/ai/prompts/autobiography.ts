import type { Language } from '../../../contract/languages.ts';
import type { AutobiographyChapterRequest, AutobiographyRequest } from '../ports.ts';
import { autobiographyChapterEn, autobiographyEn } from './en/autobiography.ts';
import { autobiographyChapterFi, autobiographyFi } from './fi/autobiography.ts';
import { CREATIVITY_TEMPERATURE } from './creativity.ts';
import { storyTexts } from './story.ts';
import type { AutobiographyTexts, Prompt } from './types.ts';

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
