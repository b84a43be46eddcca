import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip, FORMATS, type ClipFormat } from '../../test/support/audio-clips.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { AiError } from '../ai/errors.ts';
import { normaliseAudio, normalisedWav } from './normalise.ts';
import { parseWav } from './wav.ts';

let dir: string;
let remove: () => Promise<void>;
const made: Partial<Record<ClipFormat, string>> = {};

let ownTmp: string;
const sharedTmp = process.env.TMPDIR;

beforeAll(async () => {
  ({ dir, remove } = await clipDir());
  // A temporary folder of this file's own, so other processes' files do not count.
  ownTmp = await mkdtemp(join(dir, 'tmp-'));
  process.env.TMPDIR = ownTmp;
  await Promise.all((Object.keys(FORMATS) as ClipFormat[]).map(async (f) => (made[f] = await encodeClip(CLIPS.jfk, f, dir))));
});
afterAll(async () => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  await remove();
});

/** The decode folders in the temporary directory: each call makes one and must remove it. */
async function decodeFolders(): Promise<string[]> {
  expect(tmpdir()).toBe(ownTmp);
  return (await readdir(ownTmp)).filter((name) => name.startsWith('saaga-decode-')).sort();
}

async function unprocessable(input: string | Buffer, options = {}): Promise<AiError> {
  const error = await normaliseAudio(input, options).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AiError);
  expect((error as AiError).code).toBe('unprocessable_audio');
  return error as AiError;
}

describe('audio normalisation', () => {
  it.each(Object.keys(FORMATS) as ClipFormat[])('decodes %s to 16 kHz mono PCM with its real duration', async (format) => {
    const audio = await normaliseAudio(made[format]!);
    expect(audio.sampleRate).toBe(16000);
    expect(audio.durationSeconds).toBeGreaterThan(10.5);
    expect(audio.durationSeconds).toBeLessThan(11.5);
    const wav = parseWav(normalisedWav(audio))!;
    expect([wav.sampleRate, wav.channels, wav.bitsPerSample]).toEqual([16000, 1, 16]);
  });

  it('takes bytes as well as a path, whatever the file is called', async () => {
    const audio = await normaliseAudio(await readFile(made['mp4-aac']!));
    expect(audio.durationSeconds).toBeCloseTo(11, 0);
  });

  it('keeps 16 kHz mono WAV sample-exact', async () => {
    const original = parseWav(await readFile(CLIPS.jfk))!;
    const audio = await normaliseAudio(CLIPS.jfk);
    expect(audio.pcm.equals(original.data)).toBe(true);
  });

  it('refuses an empty file', async () => {
    const empty = join(dir, 'empty.webm');
    await writeFile(empty, Buffer.alloc(0));
    expect((await unprocessable(empty)).detail).toContain('empty');
    await unprocessable(Buffer.alloc(0));
  });

  it('refuses a file that is not audio before ffmpeg sees it', async () => {
    const text = join(dir, 'notes.webm');
    await writeFile(text, 'This is not audio at all, just some text pretending to be a recording.\n'.repeat(50));
    const error = await unprocessable(text);
    expect(error.detail).toMatch(/not audio/);
    expect(error.message).toBe('Unable to process the audio.');
  });

  it('refuses a file that only starts like audio, with ffmpeg\'s words in the detail', async () => {
    const fake = join(dir, 'fake.flac');
    await writeFile(fake, Buffer.concat([Buffer.from('fLaC'), Buffer.from('no stream info, only words. '.repeat(50))]));
    expect((await unprocessable(fake)).detail).toMatch(/ffmpeg exited/);
  });

  it('leaves no temporary file behind, whether it decodes or refuses', async () => {
    await normaliseAudio(made.mp3!);
    await unprocessable(Buffer.from('not audio'));
    await expect(normaliseAudio(made.mp3!, { maxDurationSeconds: 5 })).rejects.toMatchObject({ code: 'too_large' });
    expect(await decodeFolders()).toEqual([]);
  });

  it('refuses a file cut before any audio, and decodes what there is of one cut later', async () => {
    const whole = await readFile(made['webm-opus']!);
    await unprocessable(whole.subarray(0, 200));
    const half = await normaliseAudio(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(half.durationSeconds).toBeGreaterThan(2);
    expect(half.durationSeconds).toBeLessThan(10);
  });

  it('refuses a missing file', async () => {
    await unprocessable(join(dir, 'nope.webm'));
  });

  it('kills ffmpeg when it takes too long', async () => {
    const error = await unprocessable(made.mp3!, { timeoutMs: 1 });
    expect(error.detail).toMatch(/no result within 1 ms/);
  });

  it('refuses a recording longer than the limit as too large', async () => {
    await expect(normaliseAudio(made.mp3!, { maxDurationSeconds: 5 })).rejects.toMatchObject({ code: 'too_large' });
  });
});
