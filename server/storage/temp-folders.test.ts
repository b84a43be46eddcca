import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTempFolder, removeLiveTempFolders, sweepStaleTempFolders } from './temp-folders.ts';

// Which temporary folders the start of a process removes: only those no live process uses.
let tmp: string;
const previous = process.env.TMPDIR;
const systemTmp = tmpdir();
beforeEach(() => {
  tmp = mkdtempSync(path.join(systemTmp, 'saaga-temp-folders-test-'));
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  if (previous === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previous;
  rmSync(tmp, { recursive: true, force: true });
});

const folder = (name: string) => {
  mkdirSync(path.join(tmp, name));
  return path.join(tmp, name);
};

it("removes a dead process's folders and keeps a live one's", () => {
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;
  const gone = folder(`saaga-upload-${dead}-abc123`);
  const alive = folder(`saaga-upload-${process.ppid}-abc123`);
  const notOurs = folder(`other-upload-${dead}-abc123`);
  expect(sweepStaleTempFolders()).toBe(1);
  expect([existsSync(gone), existsSync(alive), existsSync(notOurs)]).toEqual([false, true, true]);
});

it("removes its own pid's folders only at start (a container started again reuses its pid)", () => {
  const own = folder(`saaga-decode-${process.pid}-abc123`);
  sweepStaleTempFolders();
  expect(existsSync(own)).toBe(true);
  sweepStaleTempFolders({ atStart: true });
  expect(existsSync(own)).toBe(false);
});

it('removes a folder with no pid in its name once it is a day old', () => {
  const fresh = folder('saaga-upload-abc123');
  const old = folder('saaga-blob-def456');
  const twoDaysAgo = (Date.now() - 2 * 24 * 60 * 60 * 1000) / 1000;
  utimesSync(old, twoDaysAgo, twoDaysAgo);
  sweepStaleTempFolders();
  expect([existsSync(fresh), existsSync(old)]).toEqual([true, false]);
});

it("never sweeps this process's live folders; removes them at exit", async () => {
  const upload = await makeTempFolder('upload');
  expect(path.basename(upload.dir)).toMatch(new RegExp(`^saaga-upload-${process.pid}-`));
  sweepStaleTempFolders({ atStart: true });
  expect(existsSync(upload.dir)).toBe(true);
  removeLiveTempFolders();
  expect(existsSync(upload.dir)).toBe(false);
});
