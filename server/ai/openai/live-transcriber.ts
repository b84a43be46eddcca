import { AiError } from '../errors.ts';
import type { LiveStreamOptions, LiveTranscriber, LiveTranscriptEvents, LiveTranscriptionStream } from '../ports.ts';
import type { OpenAiSettings } from './client.ts';

export interface OpenAiLiveTranscriberSettings extends OpenAiSettings {
  /** A transcription model the realtime API accepts (gpt-4o-transcribe, gpt-4o-mini-transcribe, whisper-1). */
  model: string;
}

/** OpenAI's streaming (realtime) transcription. Placeholder while the adapter is built. */
export class OpenAiLiveTranscriber implements LiveTranscriber {
  readonly adapter = 'openai' as const;

  constructor(readonly settings: OpenAiLiveTranscriberSettings) {}

  async keepsUp(): Promise<boolean> {
    return true;
  }

  async start(_options: LiveStreamOptions, _events: LiveTranscriptEvents): Promise<LiveTranscriptionStream> {
    throw new AiError('temporarily_unavailable', { detail: 'live transcription through OpenAI is not built yet' });
  }

  async close(): Promise<void> {}
}
