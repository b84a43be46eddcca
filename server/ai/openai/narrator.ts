import type OpenAI from 'openai';
import { DEFAULT_TTS_SPEED, DEFAULT_TTS_VOICE } from '../../../contract/ai-settings.ts';
import { fromOpenAiError } from '../errors.ts';
import type { EngineStatus, Narration, NarrateInput, Narrator } from '../ports.ts';
import { splitForSpeech } from '../speech-pieces.ts';
import { createOpenAiClient, type OpenAiSettings } from './client.ts';

export const DEFAULT_TTS_MODEL = 'gpt-4o-mini-tts';
/** Text to speech through the OpenAI API; long texts are spoken in pieces and joined (MP3 frames concatenate). */
export class OpenAiNarrator implements Narrator {
  readonly adapter = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly settings: OpenAiSettings & { model?: string; voice?: string }) {
    this.client = createOpenAiClient(settings);
  }

  get model(): string {
    return this.settings.model ?? DEFAULT_TTS_MODEL;
  }

  async narrate(input: NarrateInput): Promise<Narration> {
    const parts: Buffer[] = [];
    for (const piece of splitForSpeech(input.text)) {
      try {
        const response = await this.client.audio.speech.create(
          {
            model: this.model,
            voice: input.voice ?? this.settings.voice ?? DEFAULT_TTS_VOICE,
            input: piece,
            speed: input.speed ?? DEFAULT_TTS_SPEED,
            response_format: 'mp3',
          },
          { signal: input.signal },
        );
        parts.push(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        throw fromOpenAiError(error, 'speech');
      }
    }
    return { audio: Buffer.concat(parts), mimeType: 'audio/mpeg' };
  }

  async status(): Promise<EngineStatus> {
    const ready = Boolean(this.settings.apiKey);
    return {
      name: 'narrator', adapter: 'openai', model: `${this.model} (${this.settings.voice ?? DEFAULT_TTS_VOICE})`, ready,
      ...(ready ? {} : { problem: 'No OpenAI API key is set.', fix: 'Set OPENAI_API_KEY, or unset it to use local narration.' }),
    };
  }

  async close(): Promise<void> {}
}
