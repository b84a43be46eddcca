import { z } from 'zod';
import { AiError } from './errors.ts';

/*
 * A writing task's output as both adapters handle it: its zod schema as JSON Schema (the
 * local grammar, OpenAI's strict structured output), and the model's answer parsed back.
 * OpenAI's strict mode wants every key required and no extra keys, so a task's "nothing to
 * say" is null in its schema, never a missing key.
 */

/** A JSON Schema (draft 7, no $schema key) for a zod schema, as both adapters take it. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** Parses a model's JSON answer and validates it; a bad answer is a retryable processing failure. */
export function parseJson<S extends z.ZodType>(schema: S, text: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AiError('processing_failed', { retryable: true, detail: `the writer returned invalid JSON: ${text.slice(0, 200)}` });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AiError('processing_failed', { retryable: true, detail: `the writer's JSON does not fit: ${parsed.error.message.slice(0, 300)}` });
  }
  return parsed.data;
}
