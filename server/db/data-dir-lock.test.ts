import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const folder = () => mkdtempSync(path.join(tmpdir(), 'saaga-lock-'));

it('lets one process hold the folder and frees it on release', () => {
  const dir = folder();
  const release = lockDataDir(dir);
  expect(existsSync(path.join(dir, 'saaga.lock'))).toBe(true);
  release();
  expect(existsSync(path.join(dir, 'saaga.lock'))).toBe(false);
});

it('refuses a folder held by another live process, naming it', () => {
  const dir = folder();
  writeFileSync(path.join(dir, 'saaga.lock'), String(process.ppid));
  expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
});

it('takes over a lock left by a process that died', () => {
  const dir = folder();
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  writeFileSync(path.join(dir, 'saaga.lock'), String(dead));
  const release = lockDataDir(dir);
  release();
});
