import type { z } from 'zod';
import type { Language } from '../../contract/languages.ts';
import type { Prompt } from './prompts/types.ts';

/** What every task's input carries: the language its prompt (and so its answer) is written in. */
export interface TaskInput {
  language: Language;
}

/** Per run, not per task: the model to ask (OpenAI only) and the signal that stops it. */
export interface RunOptions {
  model?: string;
  signal?: AbortSignal;
}

/**
 * One kind of writing in one place, defined in the feature that needs it (like `defineJob`):
 * its name, the shape of the model's answer, the prompt built from the input in the input's
 * language, and the grounding that decides what of the answer the feature keeps. Any writer
 * adapter runs any task (`writer.run(task, input)`).
 */
export interface WritingTask<I extends TaskInput, O, R> {
  /** Names the output schema (OpenAI's json_schema.name, so a fake can tell tasks apart) and the task in logs. */
  name: string;
  /** The model's answer, as a zod schema: its JSON Schema holds the model to it, zod checks it again. */
  output: z.ZodType<O>;
  /** The chat prompt for an input, with its texts in `input.language`. */
  prompt(input: I): Prompt;
  /** What is kept of a valid answer: trimmed, checked against the input, with what nobody said taken out; throws AiError to retry. */
  ground(output: O, input: I): R;
}

/** Declares a writing task (an identity function that checks the definition's types). */
export function defineWritingTask<I extends TaskInput, O, R>(task: WritingTask<I, O, R>): WritingTask<I, O, R> {
  return task;
}
