import { expect, it } from 'vitest';
import { serverFilesMatching } from '../test/support/server-sources.ts';

// Left for the coordinator: folders another helper was moving (people and places become one
// folder; its queries.ts keeps the reads and its writes go to a sibling named for what they change).
const PENDING: string[] = [];

// A folder's queries.ts only reads; what changes rows lives beside it in a file named for
// what it changes (chapters/chapter-changes.ts, stories/story-changes.ts...).
it('no queries.ts writes', () => {
  const writing = serverFilesMatching(/\.(insert|update|delete)\(|\bsendJob\(|queue\w*\(queue/);
  expect(writing.filter((file) => file.endsWith('/queries.ts') && !PENDING.includes(file))).toEqual([]);
});
