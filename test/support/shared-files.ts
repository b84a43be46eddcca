import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

/** The repository root. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Test-size models (see ../shared/models/MANIFEST.md); MODELS_DIR overrides. */
export const TEST_MODELS_DIR = resolve(REPO_ROOT, process.env.MODELS_DIR ?? '../shared/models');
/** Speech clips with their transcripts; SHARED_AUDIO_DIR overrides. */
export const SHARED_AUDIO_DIR = resolve(REPO_ROOT, process.env.SHARED_AUDIO_DIR ?? '../shared/audio');

export const TEST_MODELS = {
  vad: join(TEST_MODELS_DIR, 'silero-vad/for-tests-silero-v6.2.0-ggml.bin'),
  whisper: join(TEST_MODELS_DIR, 'whisper-cpp-test-stubs/for-tests-ggml-tiny.bin'),
  writer: join(TEST_MODELS_DIR, 'stories260K/stories260K.gguf'),
};

export const CLIPS = {
  jfk: join(SHARED_AUDIO_DIR, 'jfk.wav'),
  jfkMp3: join(SHARED_AUDIO_DIR, 'jfk.mp3'),
  english: join(SHARED_AUDIO_DIR, 'en-espeak-synthetic.wav'),
  finnish: join(SHARED_AUDIO_DIR, 'fi-espeak-synthetic.wav'),
};

/** What is said in a shared clip (the `.txt` beside it). */
export function clipTranscript(clip: string): string {
  return readFileSync(clip.replace(/\.wav$/, '.txt'), 'utf8').trim();
}
