import OpenAI from 'openai';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../errors.ts';

export interface OpenAiSettings {
  apiKey: string;
  /** Any OpenAI-compatible server: Ollama, vLLM, llama.cpp server, LocalAI, speaches. */
  baseUrl?: string;
  /** Per request; a request that takes longer counts as "temporarily unavailable". */
  timeoutMs?: number;
  retry?: RetryPolicy;
}

export const DEFAULT_OPENAI_TIMEOUT_MS = 5 * 60_000;

/** The SDK client. Its own retries are off: ours know that a quota 429 is final. */
export function createOpenAiClient(settings: OpenAiSettings): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl || undefined,
    maxRetries: 0,
    timeout: settings.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
  });
}

export function retryPolicyOf(settings: OpenAiSettings): RetryPolicy {
  return settings.retry ?? DEFAULT_RETRY_POLICY;
}
