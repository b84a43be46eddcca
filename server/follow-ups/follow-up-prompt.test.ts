import { describe, expect, it } from 'vitest';
import { buildFollowUpPrompt } from './follow-up-prompt.ts';

describe('follow-up prompt', () => {
  it('follow-up questions: count, memories and the questions not to repeat', () => {
    const prompt = buildFollowUpPrompt({ stories: [{ title: 'The farm', content: 'We had cows.' }], language: 'en', count: 4, existingQuestions: ['What were the cows called?'], sources: [] });
    expect(prompt.system).toContain('Ask 4 short');
    expect(prompt.user).toContain('Memory 1: The farm');
    expect(prompt.user).toContain('What were the cows called?');
    expect(buildFollowUpPrompt({ stories: [{ content: 'x' }], language: 'fi', sources: [] }).system).toContain('Esitä 3');
  });
});
