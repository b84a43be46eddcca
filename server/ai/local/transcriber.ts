import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { initWhisper, type WhisperContext } from '@fugood/whisper.node';
import { planChunks } from '../../audio/split.ts';
import { pcmFileSeconds, pcmSeconds, readPcm, toArrayBuffer } from '../../audio/wav.ts';
import { AiError } from '../errors.ts';
import { OneAtATime } from '../one-at-a-time.ts';
import type { EngineStatus, Transcriber, TranscribeInput, Transcript, TranscriptSegment } from '../ports.ts';
import { buildVocabularyPrompt } from '../prompts/transcription.ts';
import { MODEL_MISSING_FIX, modelMissingError, modelMissingProblem } from './missing-model.ts';

/** whisper.cpp gets at most this much audio at once (it works in 30 s windows anyway). */
export const LOCAL_MAX_PIECE_SECONDS = 600;

export interface LocalTranscriberSettings {
  /** A whisper.cpp ggml model (multilingual). */
  modelPath: string;
  /** Threads for decoding (default: every core). */
  threads?: number;
  /** Longest piece given to whisper.cpp at once (default LOCAL_MAX_PIECE_SECONDS). */
  maxPieceSeconds?: number;  /** How long a job waits to look again while the model file is missing (default MODEL_MISSING_RETRY_MS). */
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
      const segments: TranscriptSegment[] = [];
      let language: string | undefined;
      for (const span of spans) {
        input.signal?.throwIfAborted();
        const previous = texts.at(-1)?.split(/\s+/).slice(-30).join(' ');
        const piece = await this.transcribePiece(context, await readPcm(input.audio, span), input, [vocabulary, previous].filter(Boolean).join(' '));
        if (piece.text) texts.push(piece.text);
        language ??= piece.language;
        for (const s of piece.segments) segments.push({ start: s.start + span.start, end: s.end + span.start, text: s.text });
      }
      return {
        text: texts.join(' '),
        segments,
        language: language && language !== 'auto' ? language : input.language ?? 'und',
        durationSeconds,
      };
    });
  }

  /** One piece through whisper.cpp; times are the piece's own. */
  protected async transcribePiece(context: WhisperContext, pcm: Buffer, input: TranscribeInput, prompt: string) {
    const job = context.transcribeData(toArrayBuffer(pcm), {
      language: input.language ?? 'auto',
      maxThreads: this.settings.threads ?? availableParallelism(),
      prompt: prompt || undefined,
      temperature: 0,
    });
    const stop = () => void job.stop();
    input.signal?.addEventListener('abort', stop, { once: true });
    try {
      const result = await job.promise.catch((error: unknown) => {
        throw new AiError('processing_failed', { detail: `whisper.cpp: ${(error as Error).message}`, cause: error });
      });
      if (result.isAborted) throw input.signal?.reason ?? new Error('transcription aborted');
      // whisper.cpp times are in 10 ms units.
      const segments = result.segments
        .map((s) => ({ start: s.t0 / 100, end: s.t1 / 100, text: s.text.trim() }))
        .filter((s) => s.text);
      return { text: result.result.trim(), segments, language: result.language };
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
