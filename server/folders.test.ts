import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { findCycle, type FolderGraph, folderGraph } from '../test/support/folder-graph.ts';

// The server's folders are in layers, and imports run one way only: composition (background/,
// and the files at server/'s root such as app.ts) -> features -> platform. A cycle between
// folders, or a platform folder reaching up into a feature, is how one part starts to need
// all the others. This reads every import between folders of server/ (tests left out).
const ROOT = import.meta.dirname;

/** Folders every feature may use; they import none of the features, nor the composition. */
// models/ (the local models' catalogue and download) is platform too: ai/ builds its engines from it.
const PLATFORM = ['db', 'http', 'jobs', 'storage', 'audio', 'ai', 'models', 'email'];
/** Folders that put the features together (app.ts does it for HTTP at the root); nothing in a folder imports them. */
const COMPOSITION = ['background'];

/** Imports against the direction: a platform folder importing a feature or the composition, or anything importing the composition. */
function upwardImports(graph: FolderGraph): string[] {
  const layer = (folder: string) => (COMPOSITION.includes(folder) ? 2 : PLATFORM.includes(folder) ? 0 : 1);
  return [...graph].flatMap(([from, targets]) =>
    [...targets].filter((to) => layer(to) > layer(from)).map((to) => `${from} -> ${to}`),
  );
}

it('finds a cycle when there is one', () => {
  const graph: FolderGraph = new Map([
    ['stories', new Set(['recordings'])],
    ['recordings', new Set(['db', 'pipeline'])],
    ['pipeline', new Set(['stories'])],
  ]);
  expect(findCycle(graph)).toEqual(['stories', 'recordings', 'pipeline', 'stories']);
  expect(findCycle(new Map([['stories', new Set(['recordings'])], ['recordings', new Set(['db'])]]))).toBeNull();
});

it('finds an import against the layers when there is one', () => {
  const graph: FolderGraph = new Map([
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
  const graph = folderGraph(ROOT);
  expect(graph.size).toBeGreaterThan(20);
  expect(findCycle(graph)).toBeNull();
});

it('imports only downward: platform folders no feature, no folder the composition', () => {
  expect(upwardImports(folderGraph(ROOT))).toEqual([]);
});
