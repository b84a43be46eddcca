import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Which top-level folders of a source tree import which others. */
export type FolderGraph = Map<string, Set<string>>;

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level folder of `root` a file is in, or null for the files at the root. */
function folderOf(root: string, file: string): string | null {
  const relative = path.relative(root, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0] : null;
}

/** Every relative import between the top-level folders of `root`, tests left out. */
export function folderGraph(root: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (!from) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(root + path.sep)) continue;
      const to = folderOf(root, target);
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** One loop of the graph (its first folder again at the end), or null when there is none. */
export function findCycle(graph: FolderGraph): string[] | null {
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
