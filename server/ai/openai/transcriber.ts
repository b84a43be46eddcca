import OpenAI, { toFile } from 'openai';
import { DEFAULT_TRANSCRIPTION_MODEL } from '../../../contract/ai-settings.ts';
import { planChunks, type AudioSpan } from '../../audio/split.ts';
import type { SpeechDetector } from '../vad.ts';
import { BYTES_PER_SECOND, pcmFileSeconds, pcmSeconds, pcmToWav, readPcm } from '../../audio/wav.ts';
import { AiError, fromOpenAiError } from '../errors.ts';
import type { TimedWord } from '../../../contract/voice.ts';
import type { EngineStatus, Transcriber, TranscribeInput, Transcript, TranscriptSegment } from '../ports.ts';
import { buildVocabularyPrompt } from '../prompts/transcription.ts';
import { createOpenAiClient, type OpenAiSettings } from './client.ts';
import { languageCode, returnsSegments } from './models.ts';

/** OpenAI refuses uploads over 25 MB; stay under it with room for the multipart envelope. */
export const OPENAI_MAX_UPLOAD_BYTES = 24 * 1024 * 1024;
/** gpt-4o-transcribe takes at most 1500 s per request; pieces of 10 minutes are safe for all models. */
export const OPENAI_MAX_CHUNK_SECONDS = 600;
/** A piece this short that is still "too large" is not split further. */
const MIN_SPLIT_SECONDS = 20;

export interface OpenAiTranscriberSettings extends OpenAiSettings {
  model?: string;
  maxUploadBytes?: number;
  maxChunkSeconds?: number;
  /** Finds silences to cut long recordings at, when the caller gives no speech segments. */
  detector?: SpeechDetector;
}

interface VerboseSegment { start: number; end: number; text: string }
/** verbose_json's words (`timestamp_granularities: ['word']`): no punctuation, times in seconds. */
interface VerboseWord { word: string; start: number; end: number }
interface TranscriptionJson { text: string; language?: string; duration?: number; segments?: VerboseSegment[]; words?: VerboseWord[] }

/**
 * Transcription through the OpenAI API (or a compatible server). Recordings over the upload
 * or duration limit are cut at silences, sent piece by piece, and stitched back together,
 * each piece prompted with the names and the end of the previous piece.
 */
export class OpenAiTranscriber implements Transcriber {
  readonly adapter = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly settings: OpenAiTranscriberSettings) {
    this.client = createOpenAiClient(settings);
  }

  get model(): string {
    return this.settings.model ?? DEFAULT_TRANSCRIPTION_MODEL;
  }

  async transcribe(input: TranscribeInput): Promise<Transcript> {
    // A file is read one piece at a time: a long recording is never all in memory at once.
    const durationSeconds = typeof input.audio === 'string' ? await pcmFileSeconds(input.audio) : pcmSeconds(await readPcm(input.audio));
    const model = input.model ?? this.model;
    const maxBytes = this.settings.maxUploadBytes ?? OPENAI_MAX_UPLOAD_BYTES;
    const maxSeconds = Math.min(this.settings.maxChunkSeconds ?? OPENAI_MAX_CHUNK_SECONDS, (maxBytes - 44) / BYTES_PER_SECOND);

    let speech = input.speech;
    if (!speech && durationSeconds > maxSeconds && this.settings.detector?.isAvailable()) {
      speech = await this.settings.detector.detect(await readPcm(input.audio)).catch(() => undefined);
    }
    const spans = planChunks(speech ?? [], durationSeconds, maxSeconds);

    const segments: TranscriptSegment[] = [];
    const words: TimedWord[] = [];
    const texts: string[] = [];
    let language: string | undefined;
    const vocabulary = buildVocabularyPrompt(input.vocabulary, input.language);
    const queue: AudioSpan[] = [...spans];
    while (queue.length > 0) {
      const span = queue.shift()!;
      const previous = texts.at(-1)?.split(/\s+/).slice(-30).join(' ');
      const prompt = [vocabulary, previous].filter(Boolean).join(' ') || undefined;
      let piece: TranscriptionJson;
      try {
        piece = await this.send(pcmToWav(await readPcm(input.audio, span)), model, input, prompt);
      } catch (error) {
        // The provider's limit is lower than ours: cut this piece in two at a silence and go on.
        const length = span.end - span.start;
        if (error instanceof AiError && error.code === 'too_large' && length > MIN_SPLIT_SECONDS) {
          const shifted = (speech ?? []).map((s) => ({ start: s.start - span.start, end: s.end - span.start }));
          const halves = planChunks(shifted, length, length / 2 + 1).map((h) => ({ start: h.start + span.start, end: h.end + span.start }));
          queue.unshift(...halves);
          continue;
        }
        throw error;
      }
      const text = piece.text.trim();
      if (text) texts.push(text);
      language ??= piece.language;
      // Times as the model gave them (whisper-1), moved to where the piece starts; the gpt-4o
      // models give none, and none is made up here (the text is aligned to the speech instead).
      const at = (seconds: number) => Math.min(seconds + span.start, span.end);
      for (const s of piece.segments ?? []) segments.push({ start: at(s.start), end: at(s.end), text: s.text.trim() });
      for (const w of piece.words ?? []) words.push({ text: w.word.trim(), start: at(w.start), end: at(w.end) });
    }
    return {
      text: texts.join(' '),
      segments,
      ...(words.length ? { words } : {}),
      language: languageCode(language, input.language ?? 'und'),
      durationSeconds,
    };
  }

  /** One request; a failure is left to the job queue to retry (or to wait out). */
  private async send(wav: Buffer, model: string, input: TranscribeInput, prompt: string | undefined): Promise<TranscriptionJson> {
    const file = await toFile(wav, 'recording.wav', { type: 'audio/wav' });
    try {
      const result = await this.client.audio.transcriptions.create(
        {
          file,
          model,
          ...(input.language ? { language: input.language } : {}),
          ...(prompt ? { prompt } : {}),
          // whisper-1 times each word and segment (verbose_json); the others give text only.
          ...(returnsSegments(model)
            ? { response_format: 'verbose_json' as const, timestamp_granularities: ['word' as const, 'segment' as const] }
            : { response_format: 'json' as const }),
        },
        { signal: input.signal },
      );
      return result as unknown as TranscriptionJson;
    } catch (error) {
      throw fromOpenAiError(error, 'transcription');
    }
  }

  async status(): Promise<EngineStatus> {
    const ready = Boolean(this.settings.apiKey);
    return {
      name: 'transcriber', adapter: 'openai', model: this.model, ready,
      ...(ready ? {} : { problem: 'No OpenAI API key is set.', fix: 'Set OPENAI_API_KEY, or unset it to use local transcription.' }),
    };
  }

  async close(): Promise<void> {}
}
