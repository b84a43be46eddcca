import type { Creativity } from '../../../contract/story-options.ts';
import { CREATIVITY_TEMPERATURE } from '../../../contract/ai-settings.ts';

// Each level's temperature is the contract's, so the settings screen sets the same values.
export { CREATIVITY_TEMPERATURE };

/** Temperature for structured tasks that should not wander (metadata, questions, profiles). */
export const FACTUAL_TEMPERATURE = 0.3;

export function temperatureFor(creativity: Creativity | undefined, explicit: number | undefined): number {
  return explicit ?? CREATIVITY_TEMPERATURE[creativity ?? 'balanced'];
}
