import { STORY_TYPES } from '../../../contract/story-options.ts';
import type { Language } from '../../../contract/languages.ts';
import { paragraphsOf } from '../paragraphs.ts';
import type { AdditionsRequest, RegenerateRequest, StoryRequest, TranscriptSource } from '../ports.ts';
import { additionsEn } from './en/additions.ts';
import { additionsFi } from './fi/additions.ts';
import { regenerateEn } from './en/regenerate.ts';
import { storyEn } from './en/story.ts';
import { regenerateFi } from './fi/regenerate.ts';
import { storyFi } from './fi/story.ts';
import { temperatureFor } from './creativity.ts';
import type { Prompt, SourceLabels, StoryTexts } from './types.ts';

const STORY_TEXTS: Record<Language, StoryTexts> = { en: storyEn, fi: storyFi };
const REGENERATE_TEXTS = { en: regenerateEn, fi: regenerateFi };
const ADDITIONS_TEXTS = { en: additionsEn, fi: additionsFi };

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
  return lines;
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
