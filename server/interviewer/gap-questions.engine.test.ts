import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.ts';
import { TEST_MODELS } from '../../test/support/shared-files.ts';
import { LocalJsonGenerator } from '../ai/local/generator.ts';
import { OpenAiJsonGenerator } from '../ai/openai/generator.ts';
import { TaskWriter } from '../ai/writer.ts';
import type { GapQuestionsRequest } from './gap-questions-prompt.ts';
import { gapQuestionsTask } from './gap-questions-task.ts';

// Questions for the untold parts of a life (the interviewer's gap prompts).
const request: GapQuestionsRequest = {
  gaps: [
    { key: 'decade:1970', kind: 'decade', decade: 1970 },
    { key: 'person:4', kind: 'person', name: 'Aunt Helmi', detail: 'aunt' },
    { key: 'place:9', kind: 'place', name: 'Tampere', detail: 'city' },
  ],
  known: { decades: [1950, 1960], titles: ['Summers at the lake', 'My first bicycle'] },
  language: 'en',
};

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

describe('gap questions through an OpenAI-compatible server', () => {
  it('sends the gaps and what is known, and keeps one grounded question per gap', async () => {
    const writer = new TaskWriter(new OpenAiJsonGenerator({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model: 'gpt-5', timeoutMs: 2000 }));
    fake.setChatReply({
      questions: [
        { key: 'decade:1970', question: 'What did a typical day look like for you in the 1970s?' },
        { key: 'decade:1970', question: 'A second question for the same decade.' },
        { key: 'person:4', question: 'What is your favourite memory of Aunt Helmi at her farm in Savo?' },
        { key: 'place:9', question: 'When did you first come to Tampere, and what did you see?' },
        { key: 'place:99', question: 'A question for a gap nobody asked about?' },
      ],
    });
    const questions = await writer.run(gapQuestionsTask, request);
    // Helmi's question names Savo, which nothing the person told holds: dropped.
    expect(questions).toEqual({
      'decade:1970': 'What did a typical day look like for you in the 1970s?',
      'place:9': 'When did you first come to Tampere, and what did you see?',
    });
    const [chat] = fake.requestsTo('chat');
    expect(chat.json.response_format.json_schema.name).toBe('gap_questions');
    const sent = JSON.stringify(chat.json.messages);
    for (const text of ['decade:1970', 'Aunt Helmi', 'Tampere', 'Summers at the lake', '1960s']) expect(sent).toContain(text);
    await writer.close();
  });
});

describe('gap questions on the local writer', () => {
  it('answers with questions keyed by the gaps asked about, in Finnish too', async () => {
    const writer = new TaskWriter(
      new LocalJsonGenerator({ modelPath: TEST_MODELS.writer, threads: 1, maxOutputTokens: 512, contextSize: 2048, seed: 7 }),
    );
    try {
      const questions = await writer.run(gapQuestionsTask, { ...request, language: 'fi' });
      for (const [key, question] of Object.entries(questions)) {
        expect(request.gaps.map((gap) => gap.key)).toContain(key);
        expect(question.length).toBeGreaterThan(0);
      }
    } finally {
      await writer.close();
    }
  });
});
