import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// One way for each thing in the client: every call to the server is declared in api/ (a
// page asks api/ for what it needs, and one place sends cookies, bodies and headers), and
// tabs are Radix Tabs (keyboard behaviour and ARIA from one library, not rebuilt per page).
const ROOT = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A file's code without its comments (a comment may name fetch() when it explains an error). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Where `pattern` occurs in the files for which `inScope` holds: "file: the line". */
function occurrences(pattern: RegExp, inScope: (relative: string) => boolean): string[] {
  return sourceFiles(ROOT).flatMap((file) => {
    const relative = path.relative(ROOT, file);
    if (!inScope(relative)) return [];
    return code(file)
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => `${relative}: ${line.trim()}`);
  });
}

const REQUEST = /\bfetch\(|\bapiRequest(<[^(]*>)?\(|\bapiBlob(<[^(]*>)?\(|\bsendRequest\(|\bnew XMLHttpRequest\b/;

it('declares every call to the server in api/: no page or hook sends a request itself', () => {
  // The service worker sends no call of its own: it passes on the page's requests (and keeps their answers).
  const outsideApi = (relative: string) => !relative.startsWith(`api${path.sep}`) && !relative.startsWith(`serviceWorker${path.sep}`);
  expect(occurrences(REQUEST, outsideApi)).toEqual([]);
  // The rule sees the calls it is about: api/ itself is full of them.
  expect(occurrences(REQUEST, (relative) => !outsideApi(relative)).length).toBeGreaterThan(20);
});

it('builds tabs with Radix Tabs, never by hand with ARIA roles and arrow-key handlers', () => {
  const handMade = /role=["'{`](tab|tablist|tabpanel)\b|aria-selected=/;
  expect(occurrences(handMade, (relative) => relative.endsWith('.tsx'))).toEqual([]);
  expect(occurrences(/from '@radix-ui\/react-tabs'/, () => true).length).toBeGreaterThanOrEqual(2);
});
