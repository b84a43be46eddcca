import type { Language } from '../../contract/languages.ts';
import { FACTUAL_TEMPERATURE } from '../ai/prompts/creativity.ts';
import type { Prompt } from '../ai/prompts/types.ts';
import { followUpEn } from './prompts/en/follow-up.ts';
import { followUpFi } from './prompts/fi/follow-up.ts';

export interface FollowUpRequest {
  /** Stories (or transcripts) the questions follow up on. */
  stories: { title?: string; content: string }[];
  language: Language;
  count?: number;
  /** Questions already asked, not to be repeated. */
  existingQuestions?: string[];
  /** What a question may name: the stories, their transcripts, the questions answered (not sent: the grounding reads them). */
  sources: string[];
}

export interface FollowUpTexts {
  role: string;
  task: (count: number) => string;
  avoid: string;
  storyHeading: (n: number, title: string | undefined) => string;
}

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
