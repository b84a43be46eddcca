import { describe, expect, it } from 'vitest';
import { CREATIVITY_TEMPERATURE, DEFAULT_TEMPERATURE, honoursTemperature, STORY_MODELS } from './ai-settings.ts';

describe('which writing models honour a temperature', () => {
  it('leaves it out for reasoning models and keeps it for the rest', () => {
    for (const model of ['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1', 'o1', 'o3-mini', 'o4-mini', 'openai/gpt-5']) {
      expect(honoursTemperature(model), model).toBe(false);
    }
    for (const model of ['gpt-5-chat-latest', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'llama3.2', 'qwen2.5:7b', 'gemma3:4b']) {
      expect(honoursTemperature(model), model).toBe(true);
    }
  });

  it('offers both kinds in settings, so the control is there to be found', () => {
    expect(STORY_MODELS.some(honoursTemperature)).toBe(true);
    expect(STORY_MODELS.some((model) => !honoursTemperature(model))).toBe(true);
  });

  it('gives each creativity level a temperature that rises with it, balanced at the spec default', () => {
    expect(CREATIVITY_TEMPERATURE.balanced).toBe(DEFAULT_TEMPERATURE);
    expect(CREATIVITY_TEMPERATURE.literal).toBeLessThan(CREATIVITY_TEMPERATURE.balanced);
    expect(CREATIVITY_TEMPERATURE.balanced).toBeLessThan(CREATIVITY_TEMPERATURE.creative);
    expect(CREATIVITY_TEMPERATURE.creative).toBeLessThan(CREATIVITY_TEMPERATURE.storytelling);
  });
});
