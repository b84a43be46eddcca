import { checkTranscript } from '../audio/transcript-quality.ts';
import type { KeptDecode } from '../audio/kept-decodes.ts';
import { type NormaliseOptions, withNormalisedAudio } from '../audio/normalise.ts';
import type { SpeechAssessment } from './vad.ts';
import type { Language } from '../../contract/languages.ts';
import type { Engines } from './engines.ts';
import { AiError } from './errors.ts';
import { LOCAL_MAX_PIECE_SECONDS } from './local/transcriber.ts';
import { OPENAI_MAX_CHUNK_SECONDS } from './openai/transcriber.ts';
import type { Transcript } from './ports.ts';
import type { TranscriptTimings } from '../../contract/voice.ts';

export interface TranscribeRecordingInput {
  /** The uploaded file as stored (any browser format; a path, so it is never held whole in memory), or its bytes. */
  audio: string | Buffer;
  language?: Language;
  /** Names of the user's people and places. */
  vocabulary?: string[];
  /** OpenAI transcription model chosen in settings. */
  model?: string;
  signal?: AbortSignal;
  normalise?: NormaliseOptions;
  /** `audio` decoded already by its upload (kept-decodes.ts): read as it is, no second ffmpeg run. */
  decoded?: KeptDecode;
  /**
   * Times the transcript's sentences while the decoded audio is still there (the feature's
   * rule: server/voice/time-transcript.ts); null when it could not.
   */
  time?: (heard: HeardRecording) => Promise<TranscriptTimings | null>;
}

/** What timing a transcript may look at: the transcript, the decoded WAV (temporary) and the speech check's findings. */
export interface HeardRecording {
  transcript: Transcript;
  file: string;
  speech: SpeechAssessment | null;
  signal?: AbortSignal;
}

/**
 * A recording no longer than this goes to either transcriber in one piece, so the VAD's
 * silences are not needed to cut it: the VAD stops once its verdict is settled.
 */
export const ONE_PIECE_SECONDS = Math.min(LOCAL_MAX_PIECE_SECONDS, OPENAI_MAX_CHUNK_SECONDS);

export interface TranscribedRecording {
  transcript: Transcript;
  /** Real duration, from the decoded audio. */
  durationSeconds: number;
  /** null when the VAD model is missing or failed: the audio was let through unchecked. */
  speech: SpeechAssessment | null;
  /** Where each sentence was said, as `time` found; null without `time`, or when timing went wrong (timed later). */
  timings: TranscriptTimings | null;
}

/**
 * A recording from upload to checked transcript: decode with ffmpeg to a temporary WAV file
 * (in a shared decode slot, within the length limit) unless its upload's decode is given,
 * refuse silence with the VAD before any (paid) transcription (stopping once it hears speech
 * enough when the recording needs no cutting; a long one's silence is refused after a
 * bounded first look, decision 030), transcribe from the file with the VAD's
 * segments (the one VAD pass, passed on for cutting long recordings),
 * refuse transcripts that are too short or loop, and time its sentences. Every refusal is an
 * AiError with the spec's catalogue code.
 */
export async function transcribeRecording(
  engines: Pick<Engines, 'transcriber' | 'speech'> & { log?: (level: 'warn', message: string) => void },
  input: TranscribeRecordingInput,
): Promise<TranscribedRecording> {
  if (input.decoded) return transcribeDecoded(engines, input, input.decoded);
  return withNormalisedAudio(input.audio, input.normalise ?? {}, (audio) => transcribeDecoded(engines, input, audio));
}

async function transcribeDecoded(
  engines: Pick<Engines, 'transcriber' | 'speech'> & { log?: (level: 'warn', message: string) => void },
  input: TranscribeRecordingInput,
  audio: { file: string; durationSeconds: number },
): Promise<TranscribedRecording> {
  input.signal?.throwIfAborted();

  let speech: SpeechAssessment | null = null;
  const vad = engines.speech.isAvailable();
  if (vad) {
    try {
      speech = await engines.speech.assessFile(audio.file, { settleEarly: audio.durationSeconds <= ONE_PIECE_SECONDS, signal: input.signal });
    } catch (error) {
      // Stopped (the worker shuts down): not a failure of the check, and nothing goes on.
      if (input.signal?.aborted) throw error;
      // The spec lets audio through when the speech check fails.
      engines.log?.('warn', `VAD failed, transcribing unchecked: ${(error as Error).message}`);
    }
  }
  if (speech?.verdict === 'no_speech') throw new AiError('no_speech', { detail: 'VAD found no speech' });
  if (speech?.verdict === 'very_little_speech') {
    throw new AiError('very_little_speech', { detail: `VAD found ${speech.speechSeconds.toFixed(2)} s of speech` });
  }

  const transcript = await engines.transcriber.transcribe({
    audio: audio.file,
    language: input.language,
    vocabulary: input.vocabulary,
    model: input.model,
    // The one VAD pass: the transcriber cuts at its silences and never runs its own (none
    // when it failed, or stopped early on a recording that needs no cutting).
    speech: speech?.complete === false ? [] : speech?.segments ?? (vad ? [] : undefined),
    signal: input.signal,
  });
  const check = checkTranscript(transcript.text);
  if (check.problem) {
    throw new AiError(check.problem, { detail: `${check.words} words, ${Math.round(check.repeatedShare * 100)}% repeated` });
  }
  const timings = input.time ? await input.time({ transcript, file: audio.file, speech, signal: input.signal }) : null;
  return { transcript: withSentenceSegments(transcript, timings), durationSeconds: audio.durationSeconds, speech, timings };
}

/**
 * An engine that timed words but gave no segments of its own (whisper.cpp run token by
 * token) gets its sentences as segments, so the transcript's WebVTT reads by sentence.
 */
function withSentenceSegments(transcript: Transcript, timings: TranscriptTimings | null): Transcript {
  if (transcript.segments.length > 0 || timings?.source !== 'words') return transcript;
  return { ...transcript, segments: timings.sentences.map(({ text, start, end }) => ({ start, end, text })) };
}
