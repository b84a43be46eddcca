import type { Language } from '../../../contract/languages.ts';
import type { AutobiographyRequest } from '../ports.ts';
import { autobiographyEn } from './en/autobiography.ts';
import { autobiographyFi } from './fi/autobiography.ts';
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
