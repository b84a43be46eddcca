import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// Access is the layer every route asks, for every kind of caller; these read the source
// so that the rules stay where they are (server/access/README.md).
const SERVER = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(SERVER, '..');
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(REPO, file);
const serverFiles = sourceFiles(SERVER);
const contractFiles = sourceFiles(path.join(REPO, 'contract'));

/** Files whose source (comments included) matches `pattern`, by path from the repository. */
const filesMatching = (files: string[], pattern: RegExp) => files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map(relative);

it('keeps access below the features: it imports only the platform (db, http) and the contract', () => {
  const allowed = ['server/access', 'server/db', 'server/http', 'contract'];
  const outside = sourceFiles(path.join(SERVER, 'access')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map(([, specifier]) => relative(path.resolve(path.dirname(file), specifier)))
      .filter((target) => !allowed.some((folder) => target.startsWith(`${folder}/`)))
      .map((target) => `${relative(file)} -> ${target}`),
  );
  expect(outside).toEqual([]);
});

it('makes actors only where a caller is identified: the session (auth), the link (co-author) and the family sign-in (family)', () => {
  expect(filesMatching(serverFiles, /\bsignedIn\(/)).toEqual(['server/auth/authenticate.ts']);
  expect(filesMatching(serverFiles, /kind: 'coAuthor',/)).toEqual(['server/co-author/link-actor.ts']);
  expect(filesMatching(serverFiles, /kind: 'familyReader',/)).toEqual(['server/family/reader-resolver.ts']);
});

it('reads path parameters through schemas, not by casting them', () => {
  // server/http/spa.ts serves files under a wildcard, outside every scope.
  expect(filesMatching(serverFiles, /request\.params as\b/).filter((file) => file !== 'server/http/spa.ts')).toEqual([]);
});

it('knows the largest id in one place, the shared id schema', () => {
  expect(filesMatching([...serverFiles, ...contractFiles], /2_?147_?483_?647/)).toEqual(['contract/ids.ts']);
});
