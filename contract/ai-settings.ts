import { z } from 'zod';
import { creativitySchema, toneSchema } from './story-options.ts';

/** Models the transcriber accepts from the client (spec 9.3). */
export const TRANSCRIPTION_MODELS = ['gpt-4o-transcribe', 'gpt-4o-mini-transcribe', 'whisper-1'] as const;
export const transcriptionModelSchema = z.enum(TRANSCRIPTION_MODELS);

/** Story-writing models offered in settings; any OpenAI-compatible name is accepted by the server. */
export const STORY_MODELS = ['gpt-5', 'gpt-5-mini', 'gpt-4o', 'gpt-4o-mini'] as const;

export const DEFAULT_TEMPERATURE = 0.7;
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
