import { expect, it } from 'vitest';
import { findCycle, folderGraph } from '../../test/support/folder-graph.ts';

// The client's feature folders depend on each other in one direction only: a cycle
// (stories importing the recorder importing stories) is how two ways of doing one thing
// start. This reads every import between folders of client/src and looks for a cycle.
const ROOT = import.meta.dirname;

it('finds a cycle when there is one', () => {
  const graph = new Map([
    ['stories', new Set(['recordings'])],
    ['recordings', new Set(['recorder'])],
    ['recorder', new Set(['stories'])],
  ]);
  expect(findCycle(graph)).toEqual(['stories', 'recordings', 'recorder', 'stories']);
});

it('has no import cycle between the folders of client/src', () => {
  const graph = folderGraph(ROOT);
  expect(graph.size).toBeGreaterThan(5);
  expect(findCycle(graph)).toBeNull();
});
