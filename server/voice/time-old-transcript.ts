import type { TranscriptTimings } from '../../contract/voice.ts';
import { AiError } from '../../contract/ai-errors.ts';
import type { SpeechDetector } from '../ai/vad.ts';
import { withNormalisedAudio } from '../audio/normalise.ts';
import { readRecordingSettings } from '../db/recording-settings.ts';
import { withBlobAsFile } from '../storage/blob-file.ts';
import type { BlobStore } from '../storage/index.ts';
import { alignToSpeech } from './align.ts';
import { timingsFromEngine } from './engine-timings.ts';
import { retime } from './retime.ts';
import { sameWords } from './sentences.ts';
import type { UntimedRecording } from './untimed-recordings.ts';

/**
 * Whisper's window: no engine's own timed segment is longer. A longer stored segment is a
 * piece of the recording the OpenAI adapter sent whole to a model that gives no times
 * (gpt-4o-transcribe: one segment per piece, from its start to its end), not a time the engine gave.
 */
export const ENGINE_SEGMENT_MAX_SECONDS = 30;

/**
 * The timings of a transcript made before issue 29, with no paid call: from the engine's stored
 * segments when it timed them (retimed to the person's correction, if any), else the stored
 * audio decoded here, the voice detection run over it and the text aligned to its speech.
 * Audio that is gone, cannot be decoded, or where the voice detection fails or hears nothing gets
 * `none` (no made-up times; it is not tried again).
 */
export async function timeOldTranscript(
  recording: UntimedRecording & { transcription: string },
  parts: { store: BlobStore; speech: Pick<SpeechDetector, 'detectFile'>; signal?: AbortSignal; log?: (message: string) => void },
): Promise<TranscriptTimings> {
  const language = languageOf(recording);
  const fromSegments = engineTimings(recording, language);
  if (fromSegments) return sameWords(fromSegments, recording.transcription) ? fromSegments : retime(fromSegments, recording.transcription, language);
  // Audio gone from storage: nothing to time it by.
  if ((await parts.store.size(recording.audioKey)) === null) return { source: 'none', sentences: [] };
  try {
    const speech = await withBlobAsFile(parts.store, recording.audioKey, (stored) =>
      withNormalisedAudio(stored, {}, (audio) => parts.speech.detectFile(audio.file, parts.signal).catch((error: unknown) => {
        if (parts.signal?.aborted) throw error;
        parts.log?.(`voice detection failed on recording ${recording.id}: ${(error as Error).message}`);
        return [];
      })));
    return alignToSpeech(recording.transcription, speech, language);
  } catch (error) {
    // Audio that cannot be decoded (the decoder's refusals are AiErrors) has nothing to time it
    // by; a storage failure is thrown, and the pass tries again later.
    if (error instanceof AiError && !parts.signal?.aborted) return { source: 'none', sentences: [] };
    throw error;
  }
}

/** The stored segments' timings when the engine timed its utterances (not a whole piece). */
function engineTimings(recording: UntimedRecording, language: string | undefined): TranscriptTimings | null {
  const segments = recording.transcriptionSegments ?? [];
  if (segments.length === 0 || segments.some((s) => s.end - s.start > ENGINE_SEGMENT_MAX_SECONDS)) return null;
  // Before issue 29 the local adapter read whisper.cpp's milliseconds as 10 ms units: its times
  // run past the recording's end, and are not trusted.
  if (recording.duration !== null && segments.some((s) => s.end > recording.duration! + 0.5)) return null;
  // One segment over the whole recording is the piece a short recording was sent as, whatever its length.
  const [only] = segments;
  if (segments.length === 1 && recording.duration !== null && only!.start <= 0 && only!.end >= recording.duration - 0.05) return null;
  // The engine's own text is its segments' (the person may have corrected the transcript since).
  const text = segments.map((s) => s.text.trim()).filter(Boolean).join(' ');
  const timings = timingsFromEngine({ text, segments }, language);
  return timings && timings.sentences.length > 0 ? timings : null;
}

function languageOf(recording: UntimedRecording): string | undefined {
  const detected = recording.detectedLanguage;
  return detected && detected !== 'und' ? detected : readRecordingSettings(recording.settings).language;
}
