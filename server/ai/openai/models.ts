import { honoursTemperature, isReasoningModel } from '../../../contract/ai-settings.ts';

/** Which chat models take a custom temperature: the one rule in contract/, shared with the settings screen. */
export const acceptsTemperature = honoursTemperature;
export { isReasoningModel };

/** Transcription models that return times (verbose_json: segments and words); the gpt-4o ones return text only. */
export function returnsSegments(model: string): boolean {
  return model === 'whisper-1';
}

const LANGUAGE_NAMES: Record<string, string> = { english: 'en', finnish: 'fi', swedish: 'sv', german: 'de', russian: 'ru', estonian: 'et' };

/** whisper-1 names languages in English words ("finnish"); everything else uses ISO codes. */
export function languageCode(name: string | undefined, fallback: string): string {
  if (!name) return fallback;
  const lower = name.toLowerCase();
  return LANGUAGE_NAMES[lower] ?? (lower.length === 2 ? lower : fallback);
}
