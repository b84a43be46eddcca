import type { Language } from '../../contract/languages.ts';
import { FACTUAL_TEMPERATURE } from '../ai/prompts/creativity.ts';
import type { Prompt } from '../ai/prompts/types.ts';
import type { LifeGap } from './life-gaps.ts';
import { gapQuestionsEn } from './prompts/en/gap-questions.ts';
import { gapQuestionsFi } from './prompts/fi/gap-questions.ts';

export interface GapQuestionsRequest {
  gaps: LifeGap[];
  /** What the person has told already: decades with stories, and some story titles. */
  known: { decades: number[]; titles: string[] };
  language: Language;
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

const TEXTS: Record<Language, GapQuestionsTexts> = { en: gapQuestionsEn, fi: gapQuestionsFi };

/** One line per gap, keyed, so each answer can be matched to its gap. */
function gapLine(gap: LifeGap, texts: GapQuestionsTexts): string {
  if (gap.kind === 'decade') return `- ${gap.key}: ${texts.decade(gap.decade)}`;
  const detail = gap.detail ? ` (${gap.detail})` : '';
  return `- ${gap.key}: ${gap.kind === 'person' ? texts.person(gap.name) : texts.place(gap.name)}${detail}`;
}

/**
 * The prompt that asks one interview question for each part of a life with no stories
 * yet: a decade, a person or a place, written from what the person has already told.
 */
export function buildGapQuestionsPrompt(request: GapQuestionsRequest): Prompt {
  const texts = TEXTS[request.language];
  const known = [
    request.known.decades.length ? `${texts.knownDecades}: ${request.known.decades.map((d) => `${d}s`).join(', ')}` : '',
    request.known.titles.length ? `${texts.knownTitles}:\n${request.known.titles.map((t) => `- ${t}`).join('\n')}` : '',
  ].filter(Boolean);
  return {
    system: `${texts.role}\n\n${texts.task}`,
    user: [...known, `${texts.gapsHeading}:\n${request.gaps.map((gap) => gapLine(gap, texts)).join('\n')}`].join('\n\n'),
    temperature: FACTUAL_TEMPERATURE + 0.4,
  };
}
