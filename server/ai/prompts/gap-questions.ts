import type { Language } from '../../../contract/languages.ts';
import type { GapQuestionsRequest, LifeGap } from '../ports.ts';
import { FACTUAL_TEMPERATURE } from './creativity.ts';
import { gapQuestionsEn } from './en/gap-questions.ts';
import { gapQuestionsFi } from './fi/gap-questions.ts';
import type { GapQuestionsTexts, Prompt } from './types.ts';

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
