import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../contract/page-preloads.ts';

type ChunkingContext = Rolldown.ChunkingContext;

const LUCIDE_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/** lucide-react's icons by exported name (its barrel: `export { default as Clock, ... } from './icons/clock.mjs'`). */
function lucideIcons(ctx: ChunkingContext, barrel: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const [, names, file] of (ctx.getModuleInfo(barrel)?.code ?? '').matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) icons.set(name, path.join(path.dirname(barrel), file));
  }
  return icons;
}

/**
 * What a module imports: through lucide-react's barrel only the icons it names (the barrel
 * imports all 1,700 of them, and every icon of the app would otherwise count as the
 * landing page's); when its names cannot be read, the barrel's every import.
 */
function importsOf(ctx: ChunkingContext, id: string, icons: (barrel: string) => Map<string, string>): string[] {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  const barrel = info.importedIds.find((imported) => LUCIDE_BARREL.test(imported));
  if (!barrel || !info.code) return info.importedIds;
  const named = [...info.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)].flatMap(([, names]) =>
    names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]).filter(Boolean),
  );
  const files = named.map((name) => icons(barrel).get(name));
  if (named.length === 0 || files.some((file) => file === undefined)) return info.importedIds;
  return [...info.importedIds.filter((imported) => imported !== barrel), ...(files as string[])];
}

/** Static imports only: what loads with a module, not what it may load later. */
function staticClosure(ctx: ChunkingContext, root: string, cache: Map<string, Set<string>>): Set<string> {
  let found = cache.get(root);
  if (found) return found;
  found = new Set();
  let icons: Map<string, string> | undefined;
  const iconsOf = (barrel: string) => (icons ??= lucideIcons(ctx, barrel));
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...importsOf(ctx, id, iconsOf));
  }
  cache.set(root, found);
  return found;
}

/** What every signed-in page needs before it paints: the app, its shell, and the library (the first screen the phone benchmark measures). */
const APP_MODULES = ['src/App.tsx', 'src/shell/AppShell.tsx', 'src/library/LibraryPage.tsx'];

/**
 * The client's chunks, few and large enough for a phone's six connections (decision 022):
 * on fast 3G each file costs a round trip, and the library asked for 61 of them.
 * - `schemas`: zod, the module that turns its eval probe off (so the switch runs before any
 *   schema is built; see contentSecurityPolicy.ts) and the contract's modules the app's first
 *   screen imports (zod and each other only). It imports no other chunk, so the app's page
 *   runs it as it arrives (`runOnArrival`): building the schemas, about 50 ms on a slow phone,
 *   happens while the larger chunks still download.
 * - `core`: what main.tsx imports statically (React, i18next): every first load, a
 *   visitor's included, and nothing more.
 * - `landing`: the landing page alone (a visitor's first load; the app's signed-out pages).
 * - `vendor` and `app`: the signed-in app's libraries and its own code, as far as App, the
 *   shell and the library import them (vendor changes less often, so it stays cached
 *   across releases).
 * - `icons`: the other pages' icons; `shared`: the rest of the code two or more pages use,
 *   in one file instead of dozens.
 * Every other page keeps its own chunk, the landing page its own, each language's words theirs.
 */
export function chunkGroups(clientRoot: string): Rolldown.CodeSplittingGroup[] {
  const cache = new Map<string, Set<string>>();
  const within = (root: string) => (id: string, ctx: ChunkingContext) => staticClosure(ctx, path.join(clientRoot, root), cache).has(id);
  const inMain = within('src/main.tsx');
  const inLanding = within('src/landing/LandingApp.tsx');
  const inApp = (id: string, ctx: ChunkingContext) => APP_MODULES.some((root) => within(root)(id, ctx));
  const fromNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  const words = /[\\/]i18n[\\/]locales[\\/]/;
  const contract = /[\\/]contract[\\/][^\\/]+\.ts$/;
  return [
    // The contract's few modules without zod that the first script of every load uses (languages,
    // storage keys, timings, early reads, plans): their own small file, so that core and schemas
    // both import them and schemas imports nothing that arrives after it.
    { name: (id, ctx) => (contract.test(id) && (inMain(id, ctx) || inLanding(id, ctx)) ? 'basics' : null), priority: 60 },
    {
      name: (id, ctx) =>
        ZOD.test(id) || /client[\\/]src[\\/]contentSecurityPolicy\.ts$/.test(id) || (contract.test(id) && inApp(id, ctx)) ? 'schemas' : null,
      priority: 50,
    },
    // What the landing page and the app both use (the splash) is core too, or one would load the other's chunk.
    // The words' helper is tiny and every load of words needs it.
    {
      name: (id, ctx) => (inMain(id, ctx) || (inLanding(id, ctx) && inApp(id, ctx)) || id.endsWith('byNamespace.ts') ? 'core' : null),
      priority: 40,
    },
    { name: (id, ctx) => (fromNodeModules(id) && inApp(id, ctx) ? 'vendor' : null), priority: 30 },
    { name: (id, ctx) => (!fromNodeModules(id) && inApp(id, ctx) ? 'app' : null), priority: 20 },
    { name: (id, ctx) => (inLanding(id, ctx) ? 'landing' : null), priority: 15 },
    // The other pages' icons together: small, and many pages share a few.
    { name: 'icons', test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, priority: 12 },
    { name: 'shared', test: (id) => !words.test(id), minShareCount: 2, priority: 10 },
  ];
}

/**
 * Pages by route (as AppRoutes.tsx and client/src/pagePreload.ts know them), each with its
 * module: the server names that module's chunks in the page's HTML. `:name` stands for
 * any one segment; the first match wins.
 */
const PAGES: [route: string, module: string][] = [
  ['/', 'src/recorder/HomeScreen.tsx'],
  ['/library', 'src/library/LibraryPage.tsx'],
  ['/library/recordings', 'src/recordings/RecordingsWithoutStoryPage.tsx'],
  ['/library/:storyId', 'src/stories/StoryView.tsx'],
  ['/timeline', 'src/timeline/TimelinePage.tsx'],
  ['/collections', 'src/collections/CollectionsPage.tsx'],
  ['/people', 'src/people/PeoplePage.tsx'],
  ['/settings', 'src/settings/SettingsPage.tsx'],
  ['/interviewer', 'src/interviewer/InterviewerPage.tsx'],
  ['/record', 'src/recorder/RecorderPage.tsx'],
  ['/sign-in', 'src/auth/SignInPage.tsx'],
];

/** The chunks of chunkGroups that every signed-in first paint runs, nearly every function of them. */
const FIRST_PAINT_CHUNKS = new Set(['core', 'vendor', 'app', 'schemas']);

/**
 * Marks the first paint's chunks with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`,
 * Chrome 136 on; elsewhere a comment): their functions are then compiled on a background
 * thread while the file downloads, not on the main thread at each one's first call (about
 * 100 ms of the library's first paint on the phone benchmark; decision 022). The build makes
 * no source maps, so the added line needs none; it is the same in every build, so a file's
 * hash still follows its code.
 */
export function compileHints(): Plugin {
  return {
    name: 'saaga-compile-hints',
    apply: 'build',
    // After minifying (which drops comments) and Vite's own additions at the top: the hint must be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && FIRST_PAINT_CHUNKS.has(output.name)) output.code = `//# allFunctionsCalledOnLoad\n${output.code}`;
        }
      },
    },
  };
}

/** The app page's warm-up, an entry of its own (vite.config.ts), relative to the project. */
export const WARM_UP_MODULE = 'client/src/warmUp.ts';

/** Writes PAGE_PRELOADS_FILE: for each page, the chunks its module imports statically. */
export function pagePreloads(): Plugin {
  let clientRoot = '';
  return {
    name: 'saaga-page-preloads',
    apply: 'build',
    configResolved(config) {
      clientRoot = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const chunkOf = new Map<string, Rolldown.OutputChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(path.relative(clientRoot, id).split(path.sep).join('/'), chunk);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (files: string[]) => {
        const found = new Set<string>();
        const stack = [...files];
        while (stack.length > 0) {
          const file = stack.pop()!;
          if (found.has(file)) continue;
          found.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return found;
      };
      const warmUp = chunkOf.get(path.relative('client', WARM_UP_MODULE).split(path.sep).join('/'));
      const schemas = chunks.find((chunk) => chunk.name === 'schemas');
      if (!warmUp?.isEntry || !schemas) throw new Error(`No ${warmUp ? 'schemas chunk' : `entry for ${WARM_UP_MODULE}`} in the build`);
      // index.html names its entry and the entry's imports itself.
      const inPage = withImports(chunks.filter((chunk) => chunk.isEntry && chunk !== warmUp).map((chunk) => chunk.fileName));
      // A visitor's first load (what index.html names) builds no schema: zod would nearly double it (decision 022).
      const withZod = chunks.filter((chunk) => inPage.has(chunk.fileName) && chunk.moduleIds.some((id) => ZOD.test(id)));
      if (withZod.length > 0) throw new Error(`${withZod.map((chunk) => chunk.fileName).join(', ')}, which every first load runs, carry zod`);
      // Run as they arrive: all they import must be what index.html names, or they would wait for it after all.
      const runOnArrival = [warmUp, schemas];
      for (const chunk of runOnArrival) {
        const later = chunk.imports.filter((file) => !inPage.has(file));
        if (later.length > 0) throw new Error(`${chunk.fileName} imports ${later.join(', ')}, which the page's HTML does not name: it could not run as it arrives`);
      }
      const scripts = (modules: string[], besides: Set<string> = new Set()) => {
        const files = modules.map((module) => {
          const chunk = chunkOf.get(module);
          if (!chunk) throw new Error(`${module} is in no chunk: is scripts/build/chunks.ts's list of pages up to date?`);
          return chunk.fileName;
        });
        return [...withImports(files)].filter((file) => !inPage.has(file) && !besides.has(file)).map((file) => `/${file}`);
      };
      const early = new Set(runOnArrival.map((chunk) => chunk.fileName));
      const app = scripts(APP_MODULES.slice(0, 2), early);
      const appFiles = new Set([...app.map((file) => file.slice(1)), ...early]);
      const preloads: PagePreloads = {
        app,
        pages: PAGES.map(([route, module]) => [route, scripts([module], appFiles)]),
        words: { en: scripts(['src/i18n/bundles/en.ts']), fi: scripts(['src/i18n/bundles/fi.ts']) },
        landing: {
          en: scripts(['src/landing/LandingApp.tsx', 'src/i18n/bundles/en-landing.ts']),
          fi: scripts(['src/landing/LandingApp.tsx', 'src/i18n/bundles/fi-landing.ts']),
        },
        runOnArrival: runOnArrival.map((chunk) => `/${chunk.fileName}`),
      };
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

