import { createEngines, type Engines } from '../../server/ai/engines.ts';
import { TEST_MODELS_DIR } from './shared-files.ts';

/** The real local engines on the test-size models in ../shared/models. */
export function localTestEngines(): Engines {
  return createEngines({
    modelsDir: TEST_MODELS_DIR,
    whisperModelFile: 'whisper-cpp-test-stubs/for-tests-ggml-tiny.bin',
    writerModelFile: 'stories260K/stories260K.gguf',
    vadModelFile: 'silero-vad/for-tests-silero-v6.2.0-ggml.bin',
    threads: 2,
  });
}
