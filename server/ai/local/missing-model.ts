import { basename, dirname } from 'node:path';
import { AiError } from '../errors.ts';

/** How long a job waits before trying again when a local model is not there yet. */
export const MODEL_MISSING_RETRY_MS = 60_000;

/** The error a local engine gives while its model file is missing: jobs wait (a minute by default), nothing is lost. */
export function modelMissingError(modelPath: string, retryAfterMs = MODEL_MISSING_RETRY_MS): AiError {
  return new AiError('temporarily_unavailable', {
    retryable: true,
    retryAfterMs,
    detail: modelMissingProblem(modelPath),
  });
}

export function modelMissingProblem(modelPath: string): string {
  return `The model file ${basename(modelPath)} is not in ${dirname(modelPath)}.`;
}

export const MODEL_MISSING_FIX = 'Run `npm run models` (or set OPENAI_API_KEY to use OpenAI instead).';
