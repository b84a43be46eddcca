import { describe, expect, it } from 'vitest';
import { defaultModel, MODEL_CATALOGUE, selectModels } from './catalogue.ts';

describe('model catalogue', () => {
  it('has one default per role, each with a Hugging Face URL', () => {
    for (const role of ['transcriber', 'writer', 'vad'] as const) {
      const entry = defaultModel(role);
      expect(entry.url).toMatch(/^https:\/\/huggingface\.co\/.+\/resolve\/main\//);
      expect(entry.url.endsWith(`/${entry.file}`)).toBe(true);
    }
  });

  it('records sha256 as 64 hex digits or null (accepted only with a warning)', () => {
    for (const entry of MODEL_CATALOGUE) {
      if (entry.sha256 !== null) expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(defaultModel('vad').sha256).not.toBeNull();
    expect(defaultModel('transcriber').sha256).not.toBeNull();
  });

  it('selects the defaults, or entries by id', () => {
    expect(selectModels(undefined).map((m) => m.id)).toEqual(['vad', 'whisper', 'writer']);
    expect(selectModels(['whisper-small']).map((m) => m.file)).toEqual(['ggml-small.bin']);
    expect(() => selectModels(['nope'])).toThrow(/unknown model "nope"/);
  });
});
