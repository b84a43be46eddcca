import { join } from 'node:path';

/** What a model file is for. */
export type ModelRole = 'transcriber' | 'writer' | 'vad';

export interface ModelEntry {
  /** Short name used on the command line (`npm run models -- --only vad`). */
  id: string;
  role: ModelRole;
  /** File name in MODELS_DIR. */
  file: string;
  url: string;
  /** Bytes, when known: checked after download. */
  size: number | null;
  /**
   * sha256 of the file. null means nobody has recorded it yet: the download is accepted
   * with a loud warning, and the hash it had is printed so it can be filled in here.
   */
  sha256: string | null;
  licence: string;
  description: string;
  /** Part of the default set that `npm run models` fetches. */
  default: boolean;
}

/**
 * The local models Saaga knows how to fetch. Why these: docs/decisions/002-ai-engines.md.
 * Sizes and checksums of the whisper.cpp files are those published with whisper.cpp.
 */
export const MODEL_CATALOGUE: readonly ModelEntry[] = [
  {
    id: 'vad',
    role: 'vad',
    file: 'ggml-silero-v6.2.0.bin',
    url: 'https://huggingface.co/ggml-org/whisper-vad/resolve/main/ggml-silero-v6.2.0.bin',
    size: 885_098,
    sha256: '2aa269b785eeb53a82983a20501ddf7c1d9c48e33ab63a41391ac6c9f7fb6987',
    licence: 'MIT',
    description: 'Silero VAD v6.2.0 (voice activity detection)',
    default: true,
  },
  {
    id: 'whisper',
    role: 'transcriber',
    file: 'ggml-large-v3-turbo-q5_0.bin',
    url: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-large-v3-turbo-q5_0.bin',
    size: 574_041_195,
    sha256: '394221709cd5ad1f40c46e6031ca61bce88931e6e088c188294c6d5a55ffa7e2',
    licence: 'MIT',
    description: 'Whisper large-v3-turbo, 5-bit (multilingual speech recognition)',
    default: true,
  },
  {
    id: 'whisper-small',
    role: 'transcriber',
    file: 'ggml-small.bin',
    url: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-small.bin',
    size: 487_601_967,
    sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    licence: 'MIT',
    description: 'Whisper small (faster on old machines, weaker Finnish)',
    default: false,
  },
  {
    // Optional: when present, live text's partials come from it (docs/decisions/017-live-transcription.md).
    id: 'whisper-base',
    role: 'transcriber',
    file: 'ggml-base.bin',
    url: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin',
    size: null,
    sha256: null,
    licence: 'MIT',
    description: 'Whisper base (fast partial live text while the person speaks; the final text still comes from the default model)',
    default: false,
  },
  {
    id: 'writer',
    role: 'writer',
    file: 'gemma-3-4b-it-Q4_K_M.gguf',
    url: 'https://huggingface.co/ggml-org/gemma-3-4b-it-GGUF/resolve/main/gemma-3-4b-it-Q4_K_M.gguf',
    size: null,
    sha256: null,
    licence: 'Gemma Terms of Use',
    description: 'Gemma 3 4B instruction-tuned, 4-bit (writes Finnish and English)',
    default: true,
  },
];

/** Smaller whisper models that may serve live text's partials, fastest first. */
export const LIVE_PARTIAL_MODEL_IDS = ['whisper-base', 'whisper-small'] as const;

/** The default model file for each role. */
export function defaultModel(role: ModelRole): ModelEntry {
  const entry = MODEL_CATALOGUE.find((m) => m.role === role && m.default);
  if (!entry) throw new Error(`no default ${role} model in the catalogue`);
  return entry;
}

export function modelPath(modelsDir: string, entry: Pick<ModelEntry, 'file'>): string {
  return join(modelsDir, entry.file);
}

/** Entries by id; unknown ids are an error naming the known ones. */
export function selectModels(ids: string[] | undefined, catalogue: readonly ModelEntry[] = MODEL_CATALOGUE): ModelEntry[] {
  if (!ids || ids.length === 0) return catalogue.filter((m) => m.default);
  return ids.map((id) => {
    const entry = catalogue.find((m) => m.id === id);
    if (!entry) throw new Error(`unknown model "${id}"; known: ${catalogue.map((m) => m.id).join(', ')}`);
    return entry;
  });
}

export const HUGGING_FACE = 'https://huggingface.co';

/** The entry fetched from a Hugging Face mirror instead (HF_ENDPOINT, as Hugging Face's own tools read it). */
export function fromMirror(entry: ModelEntry, mirror: string | undefined): ModelEntry {
  if (!mirror || !entry.url.startsWith(HUGGING_FACE)) return entry;
  return { ...entry, url: mirror.replace(/\/+$/, '') + entry.url.slice(HUGGING_FACE.length) };
}
