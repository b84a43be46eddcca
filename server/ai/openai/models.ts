/**
 * Which chat models take a custom temperature. OpenAI's reasoning models (gpt-5, gpt-5-mini,
 * gpt-5-nano, o1, o3, o4-mini...) reject any temperature but the default, so for them the
 * creativity level is carried by the prompt alone; gpt-5-chat-* and every other model
 * (gpt-4o, gpt-4.1, and whatever Ollama or vLLM serves) get the temperature.
 */
export function acceptsTemperature(model: string): boolean {
  return !isReasoningModel(model);
}

export function isReasoningModel(model: string): boolean {
  const name = model.toLowerCase().replace(/^openai\//, '');
  return /^(o\d)(\b|-|$)/.test(name) || (/^gpt-5/.test(name) && !/^gpt-5(\.\d+)?-chat/.test(name));
}

/** Transcription models that return segments (verbose_json); the gpt-4o ones return text only. */
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
