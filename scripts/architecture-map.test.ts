import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT as repoRoot } from '../server/repo-root.ts';

// docs/ARCHITECTURE.md is the map a newcomer reads in ten minutes: it names every folder of
// the server and the client and stays about a page; each server folder's detail is in a
// README beside its code. This keeps the map current as folders come and go.
const MAP = readFileSync(path.join(repoRoot, 'docs/ARCHITECTURE.md'), 'utf8');
/** About a page: the one-page map was 7.5 KB when this was written, the old one 42 KB. */
const MAP_MAX_BYTES = 12_000;

function foldersOf(relative: string): string[] {
  const dir = path.join(repoRoot, relative);
  return readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory());
}

it('stays about a page', () => {
  expect(Buffer.byteLength(MAP)).toBeLessThan(MAP_MAX_BYTES);
});

it.each(['server', 'client/src'])('names every folder of %s', (root) => {
  const missing = foldersOf(root).filter((folder) => !MAP.includes(`${folder}/`));
  expect(missing).toEqual([]);
});

it('finds a README beside every server folder', () => {
  const missing = foldersOf('server').filter((folder) => !existsSync(path.join(repoRoot, 'server', folder, 'README.md')));
  expect(missing).toEqual([]);
});
