import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GenerateRequest, JsonGenerator } from './writer.ts';
import { TaskWriter } from './writer.ts';
import { defineWritingTask } from './writing-task.ts';

const echo = defineWritingTask({
  name: 'echo_task',
  output: z.object({ words: z.array(z.string()) }),
  prompt: (input: { language: 'en' | 'fi'; text: string }) => ({ system: `system ${input.language}`, user: input.text, temperature: 0.3 }),
  ground: (output, input) => output.words.filter((w) => input.text.includes(w)),
});

describe('the writer runs any writing task', () => {
  it('sends the task\'s name, schema and prompt with the run\'s model and signal, and returns the task\'s grounding of the answer', async () => {
    const sent: GenerateRequest<z.ZodType>[] = [];
    const generator: JsonGenerator = {
      adapter: 'local',
      model: 'test',
      generate: async (request) => {
        sent.push(request);
        return { words: ['lake', 'Paris'] } as never;
      },
      status: () => Promise.reject(new Error('unused')),
      close: async () => {},
    };
    const signal = new AbortController().signal;
    const kept = await new TaskWriter(generator).run(echo, { language: 'fi', text: 'by the lake' }, { model: 'gpt-4o', signal });
    expect(kept).toEqual(['lake']);
    expect(sent).toEqual([{ task: 'echo_task', schema: echo.output, prompt: { system: 'system fi', user: 'by the lake', temperature: 0.3 }, model: 'gpt-4o', signal }]);
  });
});
