import type { Language } from '../../../contract/languages.ts';
import type { FollowUpRequest } from '../ports.ts';
import { followUpEn } from './en/follow-up.ts';
import { followUpFi } from './fi/follow-up.ts';
import { FACTUAL_TEMPERATURE } from './creativity.ts';
import type { FollowUpTexts, Prompt } from './types.ts';

const TEXTS: Record<Language, FollowUpTexts> = { en: followUpEn, fi: followUpFi };

export const DEFAULT_FOLLOW_UP_COUNT = 3;

/** The prompt that asks follow-up questions about some stories. */
export function buildFollowUpPrompt(request: FollowUpRequest): Prompt {
  const texts = TEXTS[request.language];
  const parts = request.stories.map(
    (s, i) => `${texts.storyHeading(i + 1, s.title)}:\n"""\n${s.content.trim()}\n"""`,
  );
  if (request.existingQuestions?.length) {
    parts.push(`${texts.avoid}:\n${request.existingQuestions.map((q) => `- ${q}`).join('\n')}`);
  }
  return {
    system: `${texts.role}\n\n${texts.task(request.count ?? DEFAULT_FOLLOW_UP_COUNT)}`,
    user: parts.join('\n\n'),
    temperature: FACTUAL_TEMPERATURE + 0.4,
  };
}
