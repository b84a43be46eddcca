import type { z } from 'zod';
import type { PersonEnrichedInfo, PlaceEnrichedInfo } from '../../contract/enriched-info.ts';
import { AiError } from './errors.ts';
import { groundStory, isDateGrounded, isNameGrounded, namesTheUnsaid, numbersTheUnsaid, TranscriptVocabulary, words } from './grounding.ts';
import type {
  AdditionsRequest, AdapterName, Autobiography, AutobiographyChapterRequest, AutobiographyRequest, EngineStatus, FollowUpRequest, GapQuestionsRequest, LifeGap, PersonEnrichmentRequest,
  PlaceEnrichmentRequest, RegenerateRequest, StoryAdditions, StoryRequest, StoryResult, Writer,
} from './ports.ts';
import { buildAutobiographyChapterPrompt, buildAutobiographyPrompt } from './prompts/autobiography.ts';
import { buildPersonEnrichmentPrompt, buildPlaceEnrichmentPrompt } from './prompts/enrichment.ts';
import { buildFollowUpPrompt, DEFAULT_FOLLOW_UP_COUNT } from './prompts/follow-up.ts';
import { buildGapQuestionsPrompt } from './prompts/gap-questions.ts';
import { paragraphsOf } from './paragraphs.ts';
import { buildAdditionsPrompt, buildRegeneratePrompt, buildStoryPrompt } from './prompts/story.ts';
import type { Prompt } from './prompts/types.ts';
import {
  autobiographyOutputSchema, followUpOutputSchema, gapQuestionsOutputSchema, personEnrichmentOutputSchema, placeEnrichmentOutputSchema,
  storyAdditionsOutputSchema, storyOutputSchema, withoutEmpty, type StoryOutput,
} from './schemas.ts';

export interface GenerateRequest<S extends z.ZodType> {
  /** Names the schema (OpenAI's json_schema.name) and the task in logs. */
  task: string;
  schema: S;
  prompt: Prompt;
  model?: string;
  signal?: AbortSignal;
}

/** A language model that answers a prompt with JSON valid against a zod schema. */
export interface JsonGenerator {
  readonly adapter: AdapterName;
  readonly model: string;
  generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<z.infer<S>>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}

const clean = (list: string[]) => [...new Set(list.map((s) => s.trim()).filter(Boolean))];
/** A paragraph's words, for telling a copy of the person's text from a new paragraph. */
const sameText = (text: string) => words(text).join(' ');

function sourceTexts(request: StoryRequest): string[] {
  return request.transcripts.map((t) => (typeof t === 'string' ? t : t.text));
}

/** A title from the first words, for a model that left it empty. */
export function titleFromText(text: string, wordCount = 6): string {
  const first = text.trim().split(/\s+/).slice(0, wordCount).join(' ');
  return first.replace(/[,.;:!?]+$/, '');
}

/** What a question about a gap may name: the person's or place's name and detail, or the decade (1960, 60). */
function gapWords(gap: LifeGap): string {
  return gap.kind === 'decade' ? `${gap.decade} ${gap.decade % 100}` : `${gap.name} ${gap.detail ?? ''}`;
}

/** A quote stays when most of its words were said in the recordings. */
function isQuoteGrounded(quote: string, vocabulary: TranscriptVocabulary): boolean {
  const quoteWords = words(quote);
  if (quoteWords.length === 0) return false;
  return quoteWords.filter((w) => vocabulary.has(w)).length / quoteWords.length >= 0.6;
}

/**
 * Every writing task over one JsonGenerator: prompts from the prompt builders, output
 * validated by zod, stories grounded in their transcripts. Both adapters are this class
 * around a different generator.
 */
export class StoryWriter implements Writer {
  constructor(private readonly generator: JsonGenerator) {}

  get adapter(): AdapterName {
    return this.generator.adapter;
  }

  private async story(prompt: Prompt, request: StoryRequest): Promise<StoryResult> {
    const output: StoryOutput = await this.generator.generate({
      task: 'story', schema: storyOutputSchema, prompt, model: request.model, signal: request.signal,
    });
    const content = output.content.trim();
    if (!content) throw new AiError('processing_failed', { retryable: true, detail: 'the writer returned an empty story' });
    const { result, removed } = groundStory(
      {
        title: output.title.trim() || titleFromText(content),
        content,
        metadata: {
          people: clean(output.people),
          locations: clean(output.locations),
          dates: clean(output.dates),
          storyType: output.storyType,
        },
      },
      sourceTexts(request),
    );
    return { story: result, removed };
  }

  async writeStory(request: StoryRequest): Promise<StoryResult> {
    return this.story(buildStoryPrompt(request), request);
  }

  async regenerateStory(request: RegenerateRequest): Promise<StoryResult> {
    return this.story(buildRegeneratePrompt(request), request);
  }

  /**
   * New paragraphs for a text the person edited: the model sees their text as fixed and
   * answers with additions only. A paragraph that copies one of theirs is dropped; the
   * names and dates kept are those the new paragraphs mention and the recordings say.
   */
  async addToStory(request: AdditionsRequest): Promise<StoryAdditions> {
    const output = await this.generator.generate({
      task: 'story_additions', schema: storyAdditionsOutputSchema, prompt: buildAdditionsPrompt(request),
      model: request.model, signal: request.signal,
    });
    // A copy of the person's words (a paragraph, or a run of their text) is no addition.
    const fixedWords = ` ${paragraphsOf(request.fixed.content).map(sameText).join(' ')} `;
    const paragraphs = output.paragraphs
      .map((p) => ({ after: p.after, text: p.text.trim() }))
      .filter((p) => sameText(p.text) && !fixedWords.includes(` ${sameText(p.text)} `));
    const added = new TranscriptVocabulary(paragraphs.map((p) => p.text));
    const mentioned = (list: string[], isIn: (entry: string, vocabulary: TranscriptVocabulary) => boolean) =>
      clean(list).filter((entry) => isIn(entry, added));
    const { result, removed } = groundStory(
      {
        title: '',
        content: '',
        metadata: {
          people: mentioned(output.people, isNameGrounded),
          locations: mentioned(output.locations, isNameGrounded),
          dates: mentioned(output.dates, isDateGrounded),
          storyType: 'other',
        },
      },
      sourceTexts(request),
    );
    const { people, locations, dates } = result.metadata;
    return { paragraphs, title: output.title.trim() || request.fixed.title, metadata: { people, locations, dates }, removed };
  }

  async followUpQuestions(request: FollowUpRequest): Promise<string[]> {
    const output = await this.generator.generate({
      task: 'follow_up_questions', schema: followUpOutputSchema, prompt: buildFollowUpPrompt(request),
      model: request.model, signal: request.signal,
    });
    const asked = new Set((request.existingQuestions ?? []).map((q) => q.trim().toLowerCase()));
    const questions = [...new Set(output.questions.map((q) => q.trim()).filter(Boolean))].filter((q) => !asked.has(q.toLowerCase()));
    return questions.slice(0, request.count ?? DEFAULT_FOLLOW_UP_COUNT);
  }

  async gapQuestions(request: GapQuestionsRequest): Promise<Record<string, string>> {
    const output = await this.generator.generate({
      task: 'gap_questions', schema: gapQuestionsOutputSchema, prompt: buildGapQuestionsPrompt(request),
      model: request.model, signal: request.signal,
    });
    const gaps = new Map(request.gaps.map((gap) => [gap.key, gap]));
    const questions: Record<string, string> = {};
    for (const answer of output.questions) {
      const gap = gaps.get(answer.key.trim());
      const question = answer.question.trim();
      if (!gap || !question || questions[gap.key]) continue;
      // Grounded in what exists: only the gap's own name or decade, and what the stories' titles say.
      const vocabulary = new TranscriptVocabulary([gapWords(gap), ...request.known.titles]);
      if (!namesTheUnsaid(question, vocabulary) && !numbersTheUnsaid(question, vocabulary)) questions[gap.key] = question;
    }
    return questions;
  }

  async enrichPerson(request: PersonEnrichmentRequest): Promise<PersonEnrichedInfo> {
    const output = await this.generator.generate({
      task: 'person_enrichment', schema: personEnrichmentOutputSchema, prompt: buildPersonEnrichmentPrompt(request),
      model: request.model, signal: request.signal,
    });
    const vocabulary = new TranscriptVocabulary(request.transcripts);
    return withoutEmpty({ ...output, notableQuotes: output.notableQuotes.filter((q) => isQuoteGrounded(q, vocabulary)) });
  }

  async enrichPlace(request: PlaceEnrichmentRequest): Promise<PlaceEnrichedInfo> {
    const output = await this.generator.generate({
      task: 'place_enrichment', schema: placeEnrichmentOutputSchema, prompt: buildPlaceEnrichmentPrompt(request),
      model: request.model, signal: request.signal,
    });
    return withoutEmpty(output);
  }

  async autobiography(request: AutobiographyRequest): Promise<Autobiography> {
    const output = await this.generator.generate({
      task: 'autobiography', schema: autobiographyOutputSchema, prompt: buildAutobiographyPrompt(request),
      model: request.model, signal: request.signal,
    });
    const content = output.content.trim();
    if (!content) throw new AiError('processing_failed', { retryable: true, detail: 'the writer returned an empty autobiography' });
    return { title: output.title.trim() || request.title || titleFromText(content), content };
  }

  async autobiographyChapter(request: AutobiographyChapterRequest): Promise<Autobiography> {
    const output = await this.generator.generate({
      task: 'autobiography_chapter', schema: autobiographyOutputSchema, prompt: buildAutobiographyChapterPrompt(request),
      model: request.model, signal: request.signal,
    });
    const content = output.content.trim();
    if (!content) throw new AiError('processing_failed', { retryable: true, detail: 'the writer returned an empty autobiography chapter' });
    // The person's own chapter title is kept whatever the model answers.
    return { title: request.chapterTitle ?? output.title.trim(), content };
  }

  status(): Promise<EngineStatus> {
    return this.generator.status();
  }

  close(): Promise<void> {
    return this.generator.close();
  }
}
