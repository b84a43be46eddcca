import { existsSync } from 'node:fs';
import { MODEL_CATALOGUE, modelPath, type ModelEntry } from './catalogue.ts';
import { downloadModels, type DownloadProgress } from './download.ts';

/** What a background download is doing, for logs and GET /api/health. */
export interface BackgroundDownloadState {
  running: boolean;
  /** File being fetched now. */
  current?: string;
  received: number;
  total: number | null;
  finished: string[];
  /** One line when it failed (offline, checksum). */
  error?: string;
}

export interface BackgroundDownload {
  readonly state: BackgroundDownloadState;
  readonly files: string[];
  /** Settles when every file is in place or the download failed; never rejects. */
  readonly done: Promise<void>;
  cancel(): void;
}

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

/** Catalogue entries whose file is not in MODELS_DIR. */
export function missingModels(modelsDir: string, entries: readonly ModelEntry[]): ModelEntry[] {
  return entries.filter((entry) => !existsSync(modelPath(modelsDir, entry)));
}

/** Fetches models in the background, logging each tenth of the way; the app keeps running. */
export function startBackgroundDownload(
  entries: ModelEntry[],
  { modelsDir, log = () => {} }: { modelsDir: string; log?: Log },
): BackgroundDownload {
  const state: BackgroundDownloadState = { running: true, received: 0, total: null, finished: [] };
  const controller = new AbortController();
  let lastTenth = -1;
  const onProgress = (p: DownloadProgress) => {
    if (state.current !== p.file) lastTenth = -1;
    Object.assign(state, { current: p.file, received: p.received, total: p.total });
    const tenth = p.total ? Math.floor((p.received / p.total) * 10) : -1;
    if (tenth > lastTenth) {
      lastTenth = tenth;
      log('info', `models: ${p.file} ${tenth * 10}%`);
    }
  };
  log('info', `models: downloading ${entries.map((e) => e.file).join(', ')} in the background`);
  const done = (async () => {
    for (const entry of entries) {
      await downloadModels([entry], { modelsDir, onProgress, warn: (m) => log('warn', m), signal: controller.signal, verifyExisting: false });
      state.finished.push(entry.file);
    }
    log('info', 'models: all downloaded; the local engines are ready');
  })()
    .catch((error: unknown) => {
      state.error = error instanceof Error ? error.message : String(error);
      log('error', `models: ${state.error} Run \`npm run models\` to try again.`);
    })
    .finally(() => {
      state.running = false;
      state.current = undefined;
    });
  return { state, files: entries.map((e) => e.file), done, cancel: () => controller.abort() };
}

/**
 * The first-start rule: with no OpenAI key and local models missing, fetch the default
 * models in the background; with a key, fetch only the VAD (it runs whatever the engine).
 * Returns undefined when nothing is missing.
 */
export function ensureModelsInBackground(options: {
  modelsDir: string;
  openaiApiKey?: string;
  log?: Log;
  catalogue?: readonly ModelEntry[];
}): BackgroundDownload | undefined {
  const catalogue = options.catalogue ?? MODEL_CATALOGUE;
  const wanted = catalogue.filter((m) => m.default && (!options.openaiApiKey || m.role === 'vad'));
  const missing = missingModels(options.modelsDir, wanted);
  if (missing.length === 0) return undefined;
  return startBackgroundDownload(missing, { modelsDir: options.modelsDir, log: options.log });
}
