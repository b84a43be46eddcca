import { describe, expect, it } from 'vitest';
import { acceptsTemperature, languageCode, returnsSegments } from './models.ts';

describe('OpenAI model rules', () => {
  it('sends a temperature only to models that accept one', () => {
    for (const model of ['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1', 'o1', 'o3-mini', 'o4-mini']) expect(acceptsTemperature(model)).toBe(false);
    for (const model of ['gpt-5-chat-latest', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'llama3.2', 'qwen2.5:7b', 'gemma3:4b']) expect(acceptsTemperature(model)).toBe(true);
  });

  it('asks segments only from whisper-1, and reads its language names', () => {
    expect(returnsSegments('whisper-1')).toBe(true);
    expect(returnsSegments('gpt-4o-transcribe')).toBe(false);
    expect(languageCode('finnish', 'en')).toBe('fi');
    expect(languageCode('en', 'fi')).toBe('en');
    expect(languageCode(undefined, 'fi')).toBe('fi');
  });
});
