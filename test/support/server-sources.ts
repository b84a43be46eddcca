import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../server/repo-root.ts';

const SERVER = path.join(REPO_ROOT, 'server');

/** A line of the server's code: its file (from the repository's root), number and text. */
export interface SourceLine {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The lines of the server's own code (not its tests; with `alsoContract`, the contract's too) that match, as `file:line`, for the
 * tests that keep one rule in one place: a second copy of it shows up here by name.
 */
export function serverLinesMatching(pattern: RegExp, options: { except?: readonly string[]; alsoContract?: boolean } = {}): string[] {
  const except = new Set(options.except ?? []);
  const hits: SourceLine[] = [];
  const files = [...sourceFiles(SERVER), ...(options.alsoContract ? sourceFiles(path.join(REPO_ROOT, 'contract')) : [])];
  for (const full of files) {
    const file = path.relative(REPO_ROOT, full).split(path.sep).join('/');
    if (except.has(file)) continue;
    readFileSync(full, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (pattern.test(text)) hits.push({ file, line: index + 1, text: text.trim() });
      });
  }
  return hits.map((hit) => `${hit.file}:${hit.line}: ${hit.text}`);
}

/** Server files (from the repository's root) whose whole text matches. */
export function serverFilesMatching(pattern: RegExp, options: { under?: string } = {}): string[] {
  return sourceFiles(options.under ? path.join(SERVER, options.under) : SERVER)
    .filter((full) => pattern.test(readFileSync(full, 'utf8')))
    .map((full) => path.relative(REPO_ROOT, full).split(path.sep).join('/'));
}
