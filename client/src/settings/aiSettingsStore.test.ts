import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORY_MODEL,
  DEFAULT_TEMPERATURE,
  DEFAULT_TRANSCRIPTION_MODEL,
} from '../../../contract/ai-settings.ts';
import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';
import { CREATIVITY_TEMPERATURE } from '../../../contract/ai-settings.ts';
import {
  DEFAULT_AI_SETTINGS,
  readAiSettings,
  settingsForUpload,
  withCreativity,
  writeAiSettings,
  type SettingsStorage,
} from './aiSettingsStore.ts';

function memoryStorage(initial: Record<string, string> = {}): SettingsStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('readAiSettings', () => {
  it('gives the spec defaults when nothing is stored', () => {
    expect(readAiSettings(memoryStorage())).toEqual({
      temperature: DEFAULT_TEMPERATURE,
      transcriptionModel: DEFAULT_TRANSCRIPTION_MODEL,
      storyGenerationModel: DEFAULT_STORY_MODEL,
      defaultTone: 'reflective',
      creativity: 'balanced',
    });
  });

  it('reads what was written', () => {
    const storage = memoryStorage();
    const settings = { ...DEFAULT_AI_SETTINGS, temperature: 1.2, defaultTone: 'humorous' as const, creativity: 'literal' as const };
    expect(writeAiSettings(storage, settings)).toBe(true);
    expect(JSON.parse(storage.data[STORAGE_KEYS.aiSettings])).toEqual(settings);
    expect(readAiSettings(storage)).toEqual(settings);
  });

  it('falls back to the defaults for text that is not JSON', () => {
    expect(readAiSettings(memoryStorage({ [STORAGE_KEYS.aiSettings]: '{not json' }))).toEqual(DEFAULT_AI_SETTINGS);
    expect(readAiSettings(memoryStorage({ [STORAGE_KEYS.aiSettings]: '"text"' }))).toEqual(DEFAULT_AI_SETTINGS);
  });

  it('replaces only the invalid fields with defaults', () => {
    const stored = JSON.stringify({ temperature: 9, defaultTone: 'angry', creativity: 'creative', storyGenerationModel: 'gpt-4o' });
    expect(readAiSettings(memoryStorage({ [STORAGE_KEYS.aiSettings]: stored }))).toEqual({
      ...DEFAULT_AI_SETTINGS,
      creativity: 'creative',
      storyGenerationModel: 'gpt-4o',
    });
  });

  it('gives the defaults when the storage cannot be read', () => {
    const broken: SettingsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readAiSettings(broken)).toEqual(DEFAULT_AI_SETTINGS);
    expect(writeAiSettings(broken, DEFAULT_AI_SETTINGS)).toBe(false);
  });
});

describe('creativity and temperature', () => {
  it('sets the temperature of a creativity level when it is chosen', () => {
    const chosen = withCreativity({ ...DEFAULT_AI_SETTINGS, temperature: 1.4 }, 'literal');
    expect(chosen).toEqual({ ...DEFAULT_AI_SETTINGS, creativity: 'literal', temperature: CREATIVITY_TEMPERATURE.literal });
  });

  it("uploads a fine-tuned temperature only for a model that honours one, else the level's", () => {
    const tuned = { ...DEFAULT_AI_SETTINGS, creativity: 'storytelling' as const, temperature: 0.4 };
    expect(settingsForUpload({ ...tuned, storyGenerationModel: 'gpt-4o' })).toEqual({ ...tuned, storyGenerationModel: 'gpt-4o' });
    expect(settingsForUpload({ ...tuned, storyGenerationModel: 'gpt-5' })).toEqual({
      ...tuned,
      storyGenerationModel: 'gpt-5',
      temperature: CREATIVITY_TEMPERATURE.storytelling,
    });
  });
});
