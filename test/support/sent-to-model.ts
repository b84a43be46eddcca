import { jsonSchemaOf } from '../../server/ai/json-output.ts';
import type { JsonGenerator } from '../../server/ai/writer.ts';

/** What a writer sends its model for one task: the task's name (OpenAI's json_schema.name), its JSON schema and the prompt. */
export interface SentToModel {
  task: string;
  schema: Record<string, unknown>;
  system: string;
  user: string;
  temperature: number;
}

/**
 * Runs a writing task against a model that only records what it is sent (and then fails, so
 * no grounding runs): the request both adapters would send, byte for byte.
 */
export async function sentToModel(run: (generator: JsonGenerator) => Promise<unknown>): Promise<SentToModel> {
  let sent: SentToModel | undefined;
  const generator: JsonGenerator = {
    adapter: 'openai',
    model: 'recorder',
    async generate(request) {
      sent = { task: request.task, schema: jsonSchemaOf(request.schema), ...request.prompt };
      throw new Error('recorded');
    },
    status: () => Promise.reject(new Error('not a model')),
    close: async () => {},
  };
  await run(generator).catch(() => undefined);
  if (!sent) throw new Error('the task sent the model nothing');
  return sent;
}
