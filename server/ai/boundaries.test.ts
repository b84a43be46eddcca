import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The AI layer's one rule of direction (issue 25): a feature runs AI through the ports
// (writer.run(task, input), transcriber.transcribe...) and never imports an adapter; an
// adapter (ai/local/, ai/openai/) imports only the generic AI code, audio and the contract,
// never the other adapter or a feature. Only ai/ itself (engines.ts) puts adapters together.
// Tests may build an adapter directly (a real local engine), so they are not read.
const SERVER = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(SERVER, '..');
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const ADAPTERS = ['ai/local', 'ai/openai'];
/** What an adapter may import besides its own folder and packages. */
const ADAPTER_MAY_IMPORT = ['server/ai', 'server/audio', 'contract'];

export interface SourceFile {
  /** Relative to the repository: server/follow-ups/follow-up-task.ts. */
  file: string;
  /** The files it imports, relative to the repository. */
  imports: string[];
}

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const adapterOf = (file: string) => ADAPTERS.find((adapter) => under(file, `server/${adapter}`));

/** Every import that breaks the rule, as "importer -> imported". */
export function boundaryViolations(files: SourceFile[]): string[] {
  const broken: string[] = [];
  for (const { file, imports } of files) {
    const own = adapterOf(file);
    for (const target of imports) {
      const other = adapterOf(target);
      const ok = own
        ? other === own || (!other && ADAPTER_MAY_IMPORT.some((folder) => under(target, folder)))
        : !other || under(file, 'server/ai');
      if (!ok) broken.push(`${file} -> ${target}`);
    }
  }
  return broken;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function serverFiles(): SourceFile[] {
  const relative = (file: string) => path.relative(REPO, file).split(path.sep).join('/');
  return sourceFiles(SERVER).map((file) => ({
    file: relative(file),
    imports: [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(([, specifier]) => relative(path.resolve(path.dirname(file), specifier))),
  }));
}

it('finds a feature importing an adapter, and an adapter importing the other adapter or a feature', () => {
  expect(boundaryViolations([
    { file: 'server/publishing/narrate-story-job.ts', imports: ['server/ai/openai/narrator.ts', 'server/ai/speech-pieces.ts'] },
    { file: 'server/ai/local/generator.ts', imports: ['server/ai/openai/generator.ts', 'server/ai/json-output.ts', 'server/ai/local/missing-model.ts'] },
    { file: 'server/ai/openai/generator.ts', imports: ['server/pipeline/story-tasks.ts', 'server/audio/wav.ts', 'contract/ai-settings.ts'] },
    { file: 'server/ai/engines.ts', imports: ['server/ai/local/generator.ts', 'server/ai/openai/generator.ts'] },
  ])).toEqual([
    'server/publishing/narrate-story-job.ts -> server/ai/openai/narrator.ts',
    'server/ai/local/generator.ts -> server/ai/openai/generator.ts',
    'server/ai/openai/generator.ts -> server/pipeline/story-tasks.ts',
  ]);
});

it('no feature imports an AI adapter, and no adapter imports the other or a feature', () => {
  const files = serverFiles();
  expect(files.filter((f) => adapterOf(f.file)).length).toBeGreaterThan(5);
  expect(boundaryViolations(files)).toEqual([]);
});
