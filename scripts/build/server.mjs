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
/** The files each build read, to tell when it is stale. */
const inputsFile = (outDir) => path.join(outDir, 'inputs.json');

/**
 * The packages every start loads, bundled into the build with what they import: node
 * resolves, reads and compiles some 700 files for them otherwise, about 0.2 s of every
 * start (decision 024). Any other package stays an import, loaded from node_modules as it
 * is: native addons (argon2, whisper, llama), packages that read files beside their own
 * code (PGlite's WebAssembly and data, espeak-ng, ffmpeg's binary, pdfkit's fonts), and
 * what loads on first use only (S3, the book exports, e-mail, zxcvbn's dictionaries).
 */
const BUNDLED_PACKAGES = new Set([
  'fastify',
  '@fastify/compress',
  '@fastify/cookie',
  '@fastify/multipart',
  '@fastify/rate-limit',
  '@fastify/static',
  '@fastify/websocket',
  'fastify-type-provider-zod',
  'helmet',
  'zod',
  'drizzle-orm',
  'pg',
  'pg-boss',
  'openai',
  'openid-client',
  'dotenv',
  'file-type',
  'lru-cache',
  'p-limit',
  'slugify',
  'ws',
]);
/**
 * What a bundled package imports stays an import all the same: pino (fastify's logger)
 * starts its transports from files beside its own; ws and pg ask for optional native
 * helpers that may not be installed.
 */
const NEVER_BUNDLED = new Set(['pino', 'thread-stream', 'pg-native', 'bufferutil', 'utf-8-validate']);
/** npm rewrites these at every install: a bundled package may have changed. */
const INSTALL_MARKERS = ['package-lock.json', 'node_modules/.package-lock.json'];

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Leaves as imports the packages not bundled (above); node's own modules always. */
const packagesPlugin = {
  name: 'saaga-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: specifier, importer }) => {
      const name = packageOf(specifier);
      const fromPackage = importer.includes(`${path.sep}node_modules${path.sep}`);
      const bundled = fromPackage ? !NEVER_BUNDLED.has(name) : BUNDLED_PACKAGES.has(name);
      return bundled ? undefined : { path: specifier, external: true };
    });
  },
};

/** The built entry `name` ("main" or "worker"). */
export function builtServer(name, outDir = SERVER_OUT_DIR) {
  return path.join(outDir, `${name}.js`);
}

/** True when a build is missing or one of the files it was built from changed since. */
export function serverBuildStale(outDir = SERVER_OUT_DIR) {
  if (!existsSync(inputsFile(outDir)) || entries.some((name) => !existsSync(builtServer(name, outDir)))) return true;
  const builtAt = statSync(inputsFile(outDir)).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile(outDir), 'utf8'));
  return inputs.some((input) => {
    const file = path.join(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/**
 * Bundles server/main.ts and server/worker.ts with the packages every start loads (above);
 * what the server imports on first use only (the local writer, S3, the book exports,
 * e-mail) in chunks of its own, loaded then. `clean` empties the folder first (npm run
 * build); a start leaves old chunks, which a server still running an older build may load
 * yet. `outDir` is for tests.
 */
export async function buildServer({ clean = false, outDir = SERVER_OUT_DIR } = {}) {
  // esbuild comes with tsx and vite; loaded here only, so a start that needs no build never loads it.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: entries.map((name) => path.join(root, 'server', `${name}.ts`)),
    outdir: outDir,
    bundle: true,
    plugins: [packagesPlugin],
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node20',
    // The bundled packages' CommonJS asks for node's modules with require(), which an ES module lacks.
    banner: { js: "import { createRequire as __saagaRequire } from 'node:module'; const require = __saagaRequire(import.meta.url);" },
    // Lines of the repository's files in stack traces with --enable-source-maps; the packages' text stays in node_modules.
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
    write: false,
  });
  if (clean) rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.join(outDir, 'chunks'), { recursive: true });
  const sources = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  const inputs = [...sources, ...INSTALL_MARKERS.filter((marker) => existsSync(path.join(root, marker)))];
  const files = [...result.outputFiles.map((file) => [file.path, file.contents]), [inputsFile(outDir), JSON.stringify(inputs)]];
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
