import { basename } from 'node:path';
import type { BackgroundDownload } from '../models/background.ts';
import type { Engines } from './engines.ts';
import type { EngineStatus } from './ports.ts';

function vadStatus(engines: Engines): EngineStatus {
  const ready = engines.speech.isAvailable();
  return {
    name: 'vad', adapter: 'local', model: basename(engines.speech.modelPath), ready,
    ...(ready ? {} : {
      problem: `The voice activity model ${basename(engines.speech.modelPath)} is missing, so recordings are not checked for speech before transcription.`,
      fix: 'Run `npm run models -- --only vad`.',
    }),
  };
}

/** Adds what a running or failed background download says about a missing model. */
function withDownload(status: EngineStatus, download: BackgroundDownload | undefined): EngineStatus {
  if (status.ready || !download) return status;
  const file = download.files.find((f) => status.model.startsWith(f) || f === status.model);
  if (!file) return status;
  const { state } = download;
  if (state.running) {
    const percent = state.current === file && state.total ? ` (${Math.floor((state.received / state.total) * 100)}%)` : '';
    return { ...status, problem: `The model ${file} is being downloaded${percent}.`, fix: 'Wait: jobs that need it run once it is there.' };
  }
  if (state.error) return { ...status, problem: `Downloading ${file} failed: ${state.error}`, fix: 'Run `npm run models`.' };
  return status;
}

/**
 * Each engine's status for GET /api/health: ready, or what is missing and how to fix it.
 * Makes no network call and loads no model.
 */
export async function aiHealth(engines: Engines, download?: BackgroundDownload): Promise<EngineStatus[]> {
  const statuses = await Promise.all([engines.transcriber.status(), engines.writer.status(), engines.narrator.status()]);
  return [...statuses, vadStatus(engines)].map((s) => withDownload(s, download));
}
