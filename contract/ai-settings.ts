import { z } from 'zod';
import { creativitySchema, toneSchema, type Creativity } from './story-options.ts';

/** Models the transcriber accepts from the client (spec 9.3). */
export const TRANSCRIPTION_MODELS = ['gpt-4o-transcribe', 'gpt-4o-mini-transcribe', 'whisper-1'] as const;
export const transcriptionModelSchema = z.enum(TRANSCRIPTION_MODELS);

/** Story-writing models offered in settings; any OpenAI-compatible name is accepted by the server. */
export const STORY_MODELS = ['gpt-5', 'gpt-5-mini', 'gpt-4o', 'gpt-4o-mini'] as const;

export const DEFAULT_TEMPERATURE = 0.7;

/**
 * Sampling temperature of each creativity level, the settings' main knob. "balanced" is the
 * spec's default 0.7; a temperature the person fine-tuned (only offered where the model
 * honours one) wins over the level's.
 */
export const CREATIVITY_TEMPERATURE: Record<Creativity, number> = {
  literal: 0.3,
  balanced: DEFAULT_TEMPERATURE,
  creative: 0.9,
  storytelling: 1.1,
};

/** OpenAI's reasoning models (gpt-5, gpt-5-mini, gpt-5-nano, o1, o3, o4-mini...); gpt-5-chat-* is not one. */
export function isReasoningModel(model: string): boolean {
  const name = model.toLowerCase().replace(/^openai\//, '');
  return /^(o\d)(\b|-|$)/.test(name) || (/^gpt-5/.test(name) && !/^gpt-5(\.\d+)?-chat/.test(name));
}

/**
 * Whether a story-writing model honours a sampling temperature. Reasoning models take only
 * their default, so the writer sends them none and creativity is carried by the prompt alone;
 * every other model (gpt-4o, gpt-4.1, whatever Ollama or vLLM serves) gets it. The settings
 * screen offers its temperature control only where this is true.
 */
export function honoursTemperature(model: string): boolean {
  return !isReasoningModel(model);
}
export const DEFAULT_TRANSCRIPTION_MODEL = 'gpt-4o-transcribe';
export const DEFAULT_STORY_MODEL = 'gpt-5';
export const DEFAULT_TTS_VOICE = 'alloy';
export const DEFAULT_TTS_SPEED = 1;

/** Settings kept on the device (spec 3, "Settings (local)"). */
export const localAiSettingsSchema = z.object({
  temperature: z.number().min(0).max(2).default(DEFAULT_TEMPERATURE),
  transcriptionModel: z.string().default(DEFAULT_TRANSCRIPTION_MODEL),
  storyGenerationModel: z.string().default(DEFAULT_STORY_MODEL),
  defaultTone: toneSchema.default('reflective'),
  creativity: creativitySchema.default('balanced'),
});
export type LocalAiSettings = z.infer<typeof localAiSettingsSchema>;
