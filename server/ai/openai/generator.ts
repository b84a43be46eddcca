import type OpenAI from 'openai';
import type { z } from 'zod';
import { AiError, fromOpenAiError } from '../errors.ts';
import type { EngineStatus } from '../ports.ts';
import { jsonSchemaOf, parseJson } from '../json-output.ts';
import type { GenerateRequest, JsonGenerator } from '../writer.ts';
import { createOpenAiClient, type OpenAiSettings } from './client.ts';
import { acceptsTemperature, isReasoningModel } from './models.ts';

/** Chat completions with strict structured output (json_schema), validated again by zod. */
export class OpenAiJsonGenerator implements JsonGenerator {
  readonly adapter = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly settings: OpenAiSettings & { model: string }) {
    this.client = createOpenAiClient(settings);
  }

  get model(): string {
    return this.settings.model;
  }

  async generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<z.infer<S>> {
    const model = request.model ?? this.settings.model;
    const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model,
      messages: [
        { role: 'system', content: request.prompt.system },
        { role: 'user', content: request.prompt.user },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: request.task, schema: jsonSchemaOf(request.schema), strict: true },
      },
    };
    if (acceptsTemperature(model)) body.temperature = request.prompt.temperature;
    if (isReasoningModel(model) && model.startsWith('gpt-5')) body.reasoning_effort = 'low';

    const completion = await this.client.chat.completions
      .create(body, { signal: request.signal })
      .catch((error: unknown) => {
        throw fromOpenAiError(error, 'writing');
      });
    const choice = completion.choices[0];
    const message = choice?.message;
    if (message?.refusal) throw new AiError('processing_failed', { detail: `model refused: ${message.refusal}` });
    if (choice?.finish_reason === 'length') {
      throw new AiError('processing_failed', { retryable: true, detail: 'the answer was cut at the token limit' });
    }
    return parseJson(request.schema, message?.content ?? '');
  }

  async status(): Promise<EngineStatus> {
    const ready = Boolean(this.settings.apiKey);
    return {
      name: 'writer', adapter: 'openai', model: this.settings.model, ready,
      ...(ready ? {} : { problem: 'No OpenAI API key is set.', fix: 'Set OPENAI_API_KEY, or unset it to use the local writer.' }),
    };
  }

  async close(): Promise<void> {}
}
