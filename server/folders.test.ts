import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The server's folders are in layers, and imports run one way only: composition (background/,
// and the files at server/'s root such as app.ts) -> features -> platform. A cycle between
// folders, or a platform folder reaching up into a feature, is how one part starts to need
// all the others. This reads every import between folders of server/ (tests left out).
const ROOT = import.meta.dirname;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Folders every feature may use; they import none of the features, nor the composition. */
// models/ (the local models' catalogue and download) is platform too: ai/ builds its engines from it.
const PLATFORM = ['db', 'http', 'jobs', 'storage', 'audio', 'ai', 'models', 'email'];
/** Folders that put the features together (app.ts does it for HTTP at the root); nothing in a folder imports them. */
const COMPOSITION = ['background'];

type Graph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level folder of server/ a file is in, or null for the files at the root (app.ts, main.ts...). */
function folderOf(file: string): string | null {
  const relative = path.relative(ROOT, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0] : null;
}

function folderGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(ROOT)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(ROOT + path.sep)) continue;
      const to = folderOf(target);
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

function findCycle(graph: Graph): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'visiting');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** Imports against the direction: a platform folder importing a feature or the composition, or anything importing the composition. */
function upwardImports(graph: Graph): string[] {
  const layer = (folder: string) => (COMPOSITION.includes(folder) ? 2 : PLATFORM.includes(folder) ? 0 : 1);
  return [...graph].flatMap(([from, targets]) =>
    [...targets].filter((to) => layer(to) > layer(from)).map((to) => `${from} -> ${to}`),
  );
}

it('finds a cycle when there is one', () => {
  const graph: Graph = new Map([
    ['stories', new Set(['recordings'])],
    ['recordings', new Set(['db', 'pipeline'])],
    ['pipeline', new Set(['stories'])],
  ]);
  expect(findCycle(graph)).toEqual(['stories', 'recordings', 'pipeline', 'stories']);
  expect(findCycle(new Map([['stories', new Set(['recordings'])], ['recordings', new Set(['db'])]]))).toBeNull();
});

it('finds an import against the layers when there is one', () => {
  const graph: Graph = new Map([
    ['db', new Set(['autobiography'])],
    ['http', new Set(['db'])],
    ['stories', new Set(['db', 'recordings', 'background'])],
    ['background', new Set(['stories', 'jobs'])],
  ]);
  expect(upwardImports(graph)).toEqual(['db -> autobiography', 'stories -> background']);
});

it('names only folders that exist as platform and composition', () => {
  const folders = readdirSync(ROOT, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  expect(folders).toEqual(expect.arrayContaining([...PLATFORM, ...COMPOSITION]));
});

it('has no import cycle between the folders of server/', () => {
  const graph = folderGraph();
  expect(graph.size).toBeGreaterThan(20);
  expect(findCycle(graph)).toBeNull();
});

it('imports only downward: platform folders no feature, no folder the composition', () => {
  expect(upwardImports(folderGraph())).toEqual([]);
});
