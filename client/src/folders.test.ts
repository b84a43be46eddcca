import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The client's feature folders depend on each other in one direction only: a cycle
// (stories importing the recorder importing stories) is how two ways of doing one thing
// start. This reads every import between folders of client/src and looks for a cycle.
const ROOT = import.meta.dirname;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level folder of client/src a file is in, or null for the files at the root (App, main). */
function folderOf(file: string): string | null {
  const relative = path.relative(ROOT, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0] : null;
}

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(ROOT)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(ROOT)) continue;
      const to = folderOf(target);
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
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

it('finds a cycle when there is one', () => {
  const graph = new Map([
    ['stories', new Set(['recordings'])],
    ['recordings', new Set(['recorder'])],
    ['recorder', new Set(['stories'])],
  ]);
  expect(findCycle(graph)).toEqual(['stories', 'recordings', 'recorder', 'stories']);
});

it('has no import cycle between the folders of client/src', () => {
  const graph = folderGraph();
  expect(graph.size).toBeGreaterThan(5);
  expect(findCycle(graph)).toBeNull();
});
