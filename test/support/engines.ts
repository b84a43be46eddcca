import { createEngines, type AiConfig, type Engines } from '../../server/ai/engines.ts';
import type { FakeOpenAi } from '../fakes/openai-server.ts';
import { TEST_MODELS_DIR } from './shared-files.ts';

const TEST_VAD = 'silero-vad/for-tests-silero-v6.2.0-ggml.bin';

/**
 * The real local engines on the test-size models in ../shared/models, on one thread: the
 * tests run beside other tests, and the native engines' threads wait on each other at every
 * step when a core is taken (the tiny writer spun for seconds per profile with two).
 */
export function localTestEngines(): Engines {
  return createEngines({
    modelsDir: TEST_MODELS_DIR,
    whisperModelFile: 'whisper-cpp-test-stubs/for-tests-ggml-tiny.bin',
    writerModelFile: 'stories260K/stories260K.gguf',
    vadModelFile: TEST_VAD,
    threads: 1,
  });
}

/** The `openai` adapters against the fake OpenAI server, with the real VAD in front. */
export function fakeOpenAiEngines(fake: FakeOpenAi, extra: Partial<AiConfig> = {}): Engines {
  return createEngines({
    openaiApiKey: fake.apiKey,
    openaiBaseUrl: fake.baseUrl,
    modelsDir: TEST_MODELS_DIR,
    vadModelFile: TEST_VAD,
    ...extra,
  });
}
