import {
  CREATIVITY_TEMPERATURE,
  honoursTemperature,
  localAiSettingsSchema,
  type LocalAiSettings,
} from '../../../contract/ai-settings.ts';
import type { Creativity } from '../../../contract/story-options.ts';
import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';

/** The part of the Web Storage API the store needs (localStorage, or a fake in tests). */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The defaults of every AI setting (spec 9.3). */
export const DEFAULT_AI_SETTINGS: LocalAiSettings = localAiSettingsSchema.parse({});

/** Each field that is valid on its own, so one bad value does not discard the rest. */
function validFields(value: unknown): Partial<LocalAiSettings> {
  if (typeof value !== 'object' || value === null) return {};
  const fields: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(localAiSettingsSchema.shape)) {
    const parsed = schema.safeParse((value as Record<string, unknown>)[key]);
    if (parsed.success) fields[key] = parsed.data;
  }
  return fields as Partial<LocalAiSettings>;
}

/** The AI settings kept on this device, validated; anything missing or invalid is the default. */
export function readAiSettings(storage: SettingsStorage): LocalAiSettings {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEYS.aiSettings);
  } catch {
    return DEFAULT_AI_SETTINGS;
  }
  if (raw === null) return DEFAULT_AI_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_AI_SETTINGS;
  }
  const parsed = localAiSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...DEFAULT_AI_SETTINGS, ...validFields(value) };
}

/** Keeps the settings on the device; false when the storage refused them. */
export function writeAiSettings(storage: SettingsStorage, settings: LocalAiSettings): boolean {
  try {
    storage.setItem(STORAGE_KEYS.aiSettings, JSON.stringify(localAiSettingsSchema.parse(settings)));
    return true;
  } catch {
    return false;
  }
}

/** Choosing a creativity level also sets the temperature that level writes with (the fine-tuning starts there). */
export function withCreativity(settings: LocalAiSettings, creativity: Creativity): LocalAiSettings {
  return { ...settings, creativity, temperature: CREATIVITY_TEMPERATURE[creativity] };
}

/**
 * The settings a new recording is uploaded with: the fine-tuned temperature only where the
 * writing model honours one (the only place the screen offers it); otherwise the creativity
 * level's, so a temperature nobody can see never outweighs the level (a local writer uses it).
 */
export function settingsForUpload(settings: LocalAiSettings): LocalAiSettings {
  return honoursTemperature(settings.storyGenerationModel)
    ? settings
    : { ...settings, temperature: CREATIVITY_TEMPERATURE[settings.creativity] };
}
