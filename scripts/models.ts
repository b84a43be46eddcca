/**
 * npm run models [-- --only vad,whisper,writer] [--dir DIR] [--mirror URL] [--list]
 *
 * Downloads the default local models (Silero VAD, Whisper, the writer GGUF) into MODELS_DIR
 * (default DATA_DIR/models, i.e. ./data/models) with a progress bar. A cut download resumes
 * where it stopped; every file is checked against the catalogue's size and sha256.
 * --mirror (or HF_ENDPOINT) fetches from a Hugging Face mirror instead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import dotenv from 'dotenv';
import { fromMirror, MODEL_CATALOGUE, modelPath, selectModels, type ModelEntry } from '../server/models/catalogue.ts';
import { DownloadError, downloadModel } from '../server/models/download.ts';

dotenv.config({ quiet: true });

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    dir: { type: 'string' },
    mirror: { type: 'string' },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const modelsDir = path.resolve(values.dir ?? process.env.MODELS_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'models'));
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

function listCatalogue(): void {
  console.log(`Models in ${modelsDir}:`);
  for (const m of MODEL_CATALOGUE) {
    const here = existsSync(modelPath(modelsDir, m)) ? 'present' : 'missing';
    const size = m.size ? `${mb(m.size)} MB` : 'size unknown';
    console.log(`  ${m.id.padEnd(14)} ${here.padEnd(8)} ${m.default ? 'default ' : 'optional'} ${m.file} (${size}, ${m.licence}) ${m.description}`);
  }
}

async function fetchOne(entry: ModelEntry): Promise<void> {
  const bar = new cliProgress.SingleBar(
    { format: `${entry.file.padEnd(30)} [{bar}] {percentage}% | {done}/{all} MB | {speed} MB/s`, hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let startedAt = 0;
  let barStarted = false;
  const result = await downloadModel(entry, {
    modelsDir,
    warn: (message) => console.warn(`\n\u26a0\ufe0f  ${message}\n`),
    onProgress: ({ received, total }) => {
      const all = total ?? received;
      if (!barStarted) {
        startedAt = received;
        bar.start(all, received, { done: mb(received), all: total ? mb(total) : '?', speed: '0.0' });
        barStarted = true;
      }
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      bar.setTotal(all);
      bar.update(received, { done: mb(received), all: total ? mb(total) : '?', speed: mb((received - startedAt) / seconds) });
    },
  }).finally(() => barStarted && bar.stop());
  if (result.skipped) console.log(`${entry.file}: already there and verified.`);
  else if (result.resumedFrom > 0) console.log(`${entry.file}: resumed at ${mb(result.resumedFrom)} MB, verified.`);
  else console.log(`${entry.file}: downloaded and verified.`);
}

async function main(): Promise<void> {
  if (values.help) {
    console.log('Usage: npm run models [-- --only vad,whisper,writer] [--dir DIR] [--mirror URL] [--list]');
    listCatalogue();
    return;
  }
  if (values.list) {
    listCatalogue();
    return;
  }
  const mirror = values.mirror ?? process.env.HF_ENDPOINT;
  const entries = selectModels(values.only?.split(',').map((s) => s.trim()).filter(Boolean)).map((e) => fromMirror(e, mirror));
  console.log(`Downloading ${entries.map((e) => e.id).join(', ')} into ${modelsDir}`);
  for (const entry of entries) await fetchOne(entry);
  console.log('Local models are ready. Start Saaga with `npm start`.');
}

main().catch((error: unknown) => {
  // One clear line for what a person can act on (offline, bad checksum); a stack only for bugs.
  if (error instanceof DownloadError) console.error(`npm run models: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
