import type { z } from 'zod';
import type { AdapterName, EngineStatus, Writer } from './ports.ts';
import type { Prompt } from './prompts/types.ts';
import type { RunOptions, TaskInput, WritingTask } from './writing-task.ts';

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

/**
 * The writer over one JsonGenerator: any writing task's prompt goes to the model, the answer
 * is validated against the task's schema and grounded by the task. Both adapters are this
 * class around a different generator.
 */
export class TaskWriter implements Writer {
  constructor(private readonly generator: JsonGenerator) {}

  get adapter(): AdapterName {
    return this.generator.adapter;
  }

  async run<I extends TaskInput, O, R>(task: WritingTask<I, O, R>, input: I, options: RunOptions = {}): Promise<R> {
    const output = await this.generator.generate({
      task: task.name, schema: task.output, prompt: task.prompt(input), model: options.model, signal: options.signal,
    });
    return task.ground(output as O, input);
  }

  status(): Promise<EngineStatus> {
    return this.generator.status();
  }

  close(): Promise<void> {
    return this.generator.close();
  }
}
