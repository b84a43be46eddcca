// The server built to JavaScript ahead of time (dist/server/main.js and worker.js), so that
// `npm start` and `npm run worker` run plain JavaScript: no TypeScript compiler in the
// process, which costs about a second and 75 MB at every start (decision 024).
// Plain JavaScript itself, so that scripts/start.mjs can run it without a compiler.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_OUT_DIR = path.join(root, 'dist', 'server');
const entries = ['main', 'worker'];
/** The repository's files each build read, to tell when it is stale. */
const inputsFile = path.join(SERVER_OUT_DIR, 'inputs.json');

/** The built entry `name` ("main" or "worker"). */
export function builtServer(name) {
  return path.join(SERVER_OUT_DIR, `${name}.js`);
}

/** True when a build is missing or one of the files it was built from changed since. */
export function serverBuildStale() {
  if (!existsSync(inputsFile) || entries.some((name) => !existsSync(builtServer(name)))) return true;
  const builtAt = statSync(inputsFile).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((input) => {
    const file = path.join(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/**
 * Bundles server/main.ts and server/worker.ts with every package left as an import; what
 * the server imports on first use only (the local writer, S3, the book exports, e-mail) in
 * chunks of its own, loaded then. `clean` empties the folder first (npm run build); a start
 * leaves old chunks, which a server still running an older build may load yet.
 */
export async function buildServer({ clean = false } = {}) {
  // esbuild comes with tsx and vite; loaded here only, so a start that needs no build never loads it.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: entries.map((name) => path.join(root, 'server', `${name}.ts`)),
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
    write: false,
  });
  if (clean) rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  mkdirSync(path.join(SERVER_OUT_DIR, 'chunks'), { recursive: true });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  const files = [...result.outputFiles.map((file) => [file.path, file.contents]), [inputsFile, JSON.stringify(inputs)]];
  // Each file whole or not at all: two workers started at once may both build, and one may
  // already run a file while the other writes it. The list of inputs goes last: its time is the build's.
  for (const [file, contents] of files) {
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, file);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer({ clean: true });
}
