import type { Creativity } from '../../../contract/story-options.ts';
import { DEFAULT_TEMPERATURE } from '../../../contract/ai-settings.ts';

/**
 * Sampling temperature for each creativity level. "balanced" is the spec's default 0.7;
 * a temperature given explicitly (the settings screen's) wins over the level's.
 */
export const CREATIVITY_TEMPERATURE: Record<Creativity, number> = {
  literal: 0.3,
  balanced: DEFAULT_TEMPERATURE,
  creative: 0.9,
  storytelling: 1.1,
};

/** Temperature for structured tasks that should not wander (metadata, questions, profiles). */
export const FACTUAL_TEMPERATURE = 0.3;

export function temperatureFor(creativity: Creativity | undefined, explicit: number | undefined): number {
  return explicit ?? CREATIVITY_TEMPERATURE[creativity ?? 'balanced'];
}
