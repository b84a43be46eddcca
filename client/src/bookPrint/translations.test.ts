import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRINT_TRIMS } from '../../../contract/print-book.ts';
import en from '../i18n/locales/en/print.json';
import fi from '../i18n/locales/fi/print.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

const textAt = (value: unknown, path: string) => String(path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value));
const placeholders = (value: unknown, path: string) => [...textAt(value, path).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** The keys the screen's code names as literals, t('status.ready'), plural ones by their base. */
function keysNamedInCode(): string[] {
  const folder = import.meta.dirname;
  const sources = readdirSync(folder).filter((file) => file.endsWith('.tsx'));
  return sources.flatMap((file) => [...readFileSync(join(folder, file), 'utf8').matchAll(/\bt\('([\w.]+)'/g)].map((match) => match[1]));
}

/** The reasons the server's print job fails with (print-book-job.ts: `errorCode: 'print_failed'`). */
function jobFailureCodes(): string[] {
  const job = readFileSync(join(import.meta.dirname, '../../../server/autobiography/print/print-book-job.ts'), 'utf8');
  return [...job.matchAll(/errorCode: '([a-z_]+)'/g)].map((match) => match[1]);
}

describe('the print namespace', () => {
  const paths = keyPaths(en);

  it('says the same things in Finnish, with the same placeholders', () => {
    for (const path of paths) expect(placeholders(fi, path), path).toEqual(placeholders(en, path));
  });

  it('has words for every key the screen names, and for every trim', () => {
    const known = new Set(paths.flatMap((path) => [path, path.replace(/_(one|other)$/, '')]));
    const named = [...keysNamedInCode(), ...PRINT_TRIMS.flatMap((trim) => [`trims.${trim}.label`, `trims.${trim}.hint`])];
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it('says why for every reason the print job fails with', () => {
    const codes = jobFailureCodes();
    expect(codes).toContain('print_failed');
    expect(codes.filter((code) => !paths.includes(`failure.${code}`))).toEqual([]);
  });
});
