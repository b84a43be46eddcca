import type { Language } from '../../contract/languages.ts';
import { FACTUAL_TEMPERATURE } from '../ai/prompts/creativity.ts';
import type { Prompt } from '../ai/prompts/types.ts';
import { photoQuestionEn } from './prompts/en/photo-question.ts';
import { photoQuestionFi } from './prompts/fi/photo-question.ts';

/** What is known of a photo a conversation starts from: the person's caption and the day the camera recorded. */
export interface PhotoFacts {
  caption: string;
  /** YYYY-MM-DD, or null when the camera wrote none. */
  takenOn: string | null;
}

export interface PhotoQuestionRequest extends PhotoFacts {
  language: Language;
}

export interface PhotoQuestionTexts {
  role: string;
  caption: (caption: string) => string;
  noCaption: string;
  takenOn: (date: string) => string;
}

const TEXTS: Record<Language, PhotoQuestionTexts> = { en: photoQuestionEn, fi: photoQuestionFi };

/** The prompt that asks the first question of a conversation about a photo the writer cannot see. */
export function buildPhotoQuestionPrompt(request: PhotoQuestionRequest): Prompt {
  const texts = TEXTS[request.language];
  const caption = request.caption.trim();
  const facts = [caption ? texts.caption(caption) : texts.noCaption, ...(request.takenOn ? [texts.takenOn(request.takenOn)] : [])];
  return { system: texts.role, user: facts.join('\n'), temperature: FACTUAL_TEMPERATURE + 0.4 };
}
