import { z } from 'zod';
import { storyTypeSchema, type StoryMetadata } from '../../contract/story-options.ts';
import { AiError } from '../ai/errors.ts';
import { groundStory, isDateGrounded, isNameGrounded, TranscriptVocabulary, words, type Removed } from '../ai/grounding.ts';
import { paragraphsOf, titleFromText, type AddedParagraph } from '../ai/paragraphs.ts';
import { defineWritingTask } from '../ai/writing-task.ts';
import { buildAdditionsPrompt, buildRegeneratePrompt, buildStoryPrompt, type AdditionsRequest, type RegenerateRequest, type StoryRequest } from './story-prompt.ts';

/*
 * The writing tasks of the record-to-story pipeline: write a story from its recordings,
 * rewrite it, or add new recordings to a text the person edited by hand. Each is grounded
 * here: names and dates no recording says are taken out (and reported).
 */

const storyOutputSchema = z.object({
  title: z.string(),
  content: z.string(),
  people: z.array(z.string()),
  locations: z.array(z.string()),
  dates: z.array(z.string()),
  storyType: storyTypeSchema,
});
type StoryOutput = z.infer<typeof storyOutputSchema>;

/** Additions to a text the person edited: new paragraphs only, each placed after a numbered paragraph of theirs (null: at the end). */
const storyAdditionsOutputSchema = z.object({
  title: z.string(),
  paragraphs: z.array(z.object({ after: z.number().nullable(), text: z.string() })),
  people: z.array(z.string()),
  locations: z.array(z.string()),
  dates: z.array(z.string()),
});
type StoryAdditionsOutput = z.infer<typeof storyAdditionsOutputSchema>;

export interface WrittenStory {
  title: string;
  content: string;
  metadata: StoryMetadata;
}

export interface StoryResult {
  story: WrittenStory;
  removed: Removed;
}

export interface StoryAdditions {
  paragraphs: AddedParagraph[];
  /** A title for a story whose title the person did not type (kept otherwise). */
  title: string;
  /** Only the names and dates the new paragraphs mention, grounded in the recordings. */
  metadata: Omit<StoryMetadata, 'storyType'>;
  removed: Removed;
}

const clean = (list: string[]) => [...new Set(list.map((s) => s.trim()).filter(Boolean))];
/** A paragraph's words, for telling a copy of the person's text from a new paragraph. */
const sameText = (text: string) => words(text).join(' ');

/** What a name or date may come from: the recordings, and the captions the person wrote for the photos told about. */
function sourceTexts(request: StoryRequest): string[] {
  const captions = (request.photos ?? []).map((photo) => photo.caption).filter(Boolean);
  return [...request.transcripts.map((t) => (typeof t === 'string' ? t : t.text)), ...captions];
}

/** A written story with the names and dates no recording says taken out; an empty one is a passing failure. */
function groundedStory(output: StoryOutput, request: StoryRequest): StoryResult {
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

export const writeStoryTask = defineWritingTask({
  name: 'story',
  output: storyOutputSchema,
  prompt: (request: StoryRequest) => buildStoryPrompt(request),
  ground: groundedStory,
});

/** A rewrite of a written story: the same answer and grounding as writing it (so the same name, json_schema 'story'). */
export const regenerateStoryTask = defineWritingTask<RegenerateRequest, StoryOutput, StoryResult>({
  name: 'story',
  output: storyOutputSchema,
  prompt: (request: RegenerateRequest) => buildRegeneratePrompt(request),
  ground: groundedStory,
});

/**
 * New paragraphs for a text the person edited: the model sees their text as fixed and
 * answers with additions only. A paragraph that copies one of theirs is dropped; the
 * names and dates kept are those the new paragraphs mention and the recordings say.
 */
export const addToStoryTask = defineWritingTask({
  name: 'story_additions',
  output: storyAdditionsOutputSchema,
  prompt: (request: AdditionsRequest) => buildAdditionsPrompt(request),
  ground(output: StoryAdditionsOutput, request: AdditionsRequest): StoryAdditions {
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
        metadata: {
          people: mentioned(output.people, isNameGrounded),
          locations: mentioned(output.locations, isNameGrounded),
          dates: mentioned(output.dates, isDateGrounded),
        },
      },
      sourceTexts(request),
    );
    const { people, locations, dates } = result.metadata;
    return { paragraphs, title: output.title.trim() || request.fixed.title, metadata: { people, locations, dates }, removed };
  },
});
