import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { initWhisper, type WhisperContext } from '@fugood/whisper.node';
import { planChunks } from '../../audio/split.ts';
import { pcmFileSeconds, pcmSeconds, readPcm, toArrayBuffer } from '../../audio/wav.ts';
import { AiError } from '../errors.ts';
import { OneAtATime } from '../one-at-a-time.ts';
import type { TimedWord } from '../../../contract/voice.ts';
import type { EngineStatus, Transcriber, TranscribeInput, Transcript } from '../ports.ts';
import { buildVocabularyPrompt } from '../prompts/transcription.ts';
import { MODEL_MISSING_FIX, modelMissingError, modelMissingProblem } from './missing-model.ts';
import { wordsFromTokens } from './token-words.ts';

/** whisper.cpp gets at most this much audio at once (it works in 30 s windows anyway). */
export const LOCAL_MAX_PIECE_SECONDS = 600;

export interface LocalTranscriberSettings {
  /** A whisper.cpp ggml model (multilingual). */
  modelPath: string;
  /** Threads for decoding (default: every core). */
  threads?: number;
  /** Longest piece given to whisper.cpp at once (default LOCAL_MAX_PIECE_SECONDS). */
  maxPieceSeconds?: number;
  /** How long a job waits to look again while the model file is missing (default MODEL_MISSING_RETRY_MS). */
  missingModelRetryMs?: number;
}

/**
 * whisper.cpp through @fugood/whisper.node. The model is loaded once, on first use, and
 * kept; recordings are transcribed one at a time with every core.
 */
export class LocalTranscriber implements Transcriber {
  readonly adapter = 'local' as const;
  private context: Promise<WhisperContext> | undefined;
  private readonly queue = new OneAtATime();

  constructor(private readonly settings: LocalTranscriberSettings) {}

  get model(): string {
    return basename(this.settings.modelPath);
  }

  private load(): Promise<WhisperContext> {
    if (!existsSync(this.settings.modelPath)) return Promise.reject(modelMissingError(this.settings.modelPath, this.settings.missingModelRetryMs));
    if (!this.context) {
      this.context = initWhisper({ filePath: this.settings.modelPath, useGpu: false }).catch((error: unknown) => {
        this.context = undefined;
        throw new AiError('temporarily_unavailable', {
          detail: `whisper.cpp could not load ${this.model}: ${(error as Error).message}`, cause: error,
        });
      });
    }
    return this.context;
  }

  async transcribe(input: TranscribeInput): Promise<Transcript> {
    const context = await this.load();
    return this.queue.run(async () => {
      input.signal?.throwIfAborted();
      const durationSeconds = typeof input.audio === 'string' ? await pcmFileSeconds(input.audio) : pcmSeconds(await readPcm(input.audio));
      // Long recordings go to whisper.cpp in pieces cut at silences, read in turn: memory
      // stays that of one piece however long the recording is.
      const spans = planChunks(input.speech ?? [], durationSeconds, this.settings.maxPieceSeconds ?? LOCAL_MAX_PIECE_SECONDS);
      const vocabulary = buildVocabularyPrompt(input.vocabulary, input.language);
      const texts: string[] = [];
      const words: TimedWord[] = [];
      let language: string | undefined;
      for (const span of spans) {
        input.signal?.throwIfAborted();
        const previous = texts.at(-1)?.split(/\s+/).slice(-30).join(' ');
        const piece = await this.transcribePiece(context, await readPcm(input.audio, span), input, [vocabulary, previous].filter(Boolean).join(' '));
        if (piece.text) texts.push(piece.text);
        language ??= piece.language;
        for (const w of piece.words) words.push({ text: w.text, start: w.start + span.start, end: w.end + span.start });
      }
      return {
        text: texts.join(' '),
        // Run token by token, whisper.cpp's own segments are tokens: the transcript's
        // sentences are timed from the words instead (transcribe-recording.ts).
        segments: [],
        words,
        language: language && language !== 'auto' ? language : input.language ?? 'und',
        durationSeconds,
      };
    });
  }

  /** One piece through whisper.cpp, with each word's time (the piece's own times). */
  protected async transcribePiece(
    context: WhisperContext, pcm: Buffer, input: TranscribeInput, prompt: string,
  ): Promise<{ text: string; words: TimedWord[]; language?: string }> {
    const job = context.transcribeData(toArrayBuffer(pcm), {
      language: input.language ?? 'auto',
      maxThreads: this.settings.threads ?? availableParallelism(),
      prompt: prompt || undefined,
      temperature: 0,
      // A segment per token, each with its time (whisper.cpp's -ml 1): the words' times.
      tokenTimestamps: true,
      maxLen: 1,
    });
    const stop = () => void job.stop();
    input.signal?.addEventListener('abort', stop, { once: true });
    try {
      const result = await job.promise.catch((error: unknown) => {
        throw new AiError('processing_failed', { detail: `whisper.cpp: ${(error as Error).message}`, cause: error });
      });
      if (result.isAborted) throw input.signal?.reason ?? new Error('transcription aborted');
      return { text: result.result.trim(), words: wordsFromTokens(result.segments), language: result.language };
    } finally {
      input.signal?.removeEventListener('abort', stop);
    }
  }

  async status(): Promise<EngineStatus> {
    const present = existsSync(this.settings.modelPath);
    return {
      name: 'transcriber', adapter: 'local', model: this.model, ready: present,
      ...(present ? {} : { problem: modelMissingProblem(this.settings.modelPath), fix: MODEL_MISSING_FIX }),
    };
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    if (context) await (await context.catch(() => undefined))?.release();
  }
}
