import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// One microphone module: opening the microphone, making a MediaRecorder and stopping the
// tracks happen in client/src/microphone only, so a fifth way of recording cannot start
// beside it (issue 25: four lifecycles had grown, each with its own clock and chunks).
const CLIENT = path.resolve(import.meta.dirname, '..');
const HERE = import.meta.dirname;
const DIRECT_USE = /getUserMedia\s*\(|new\s+MediaRecorder\s*\(|\.getTracks\s*\(\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it('opens the microphone, makes recorders and stops tracks only in client/src/microphone', () => {
  const outside = sourceFiles(CLIENT)
    .filter((file) => !file.startsWith(HERE + path.sep))
    .filter((file) => DIRECT_USE.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(CLIENT, file));
  expect(outside).toEqual([]);
});

it('finds the direct uses it forbids (the rule is not vacuous)', () => {
  expect(sourceFiles(HERE).filter((file) => DIRECT_USE.test(readFileSync(file, 'utf8'))).map((file) => path.basename(file))).toEqual(['take.ts']);
});
