import OpenAI from 'openai';

export interface OpenAiSettings {
  apiKey: string;
  /** Any OpenAI-compatible server: Ollama, vLLM, llama.cpp server, LocalAI, speaches. */
  baseUrl?: string;
  /** Per request; a request that takes longer counts as "temporarily unavailable". */
  timeoutMs?: number;
}

export const DEFAULT_OPENAI_TIMEOUT_MS = 5 * 60_000;

/**
 * The SDK client, making exactly one request per call: retries happen in the job queue
 * only (server/jobs/retry-policy.ts), which knows that a quota 429 is final and that a
 * rate limit waits without spending a retry.
 */
export function createOpenAiClient(settings: OpenAiSettings): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl || undefined,
    maxRetries: 0,
    timeout: settings.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
  });
}
