import { copyFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip, FORMATS, silenceClip, type ClipFormat } from '../../test/support/audio-clips.ts';
import { concatList, countingListener, disguisedAsFlac, hlsPlaylist, writeHostile } from '../../test/support/hostile-audio.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { AiError } from '../ai/errors.ts';
import { sniffAudioFile } from './audio-type.ts';
import { decodeToWav, measureDuration } from './decode.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { normaliseAudio } from './normalise.ts';
import { parseWav } from './wav.ts';

let dir: string;
let remove: () => Promise<void>;
let listener: Awaited<ReturnType<typeof countingListener>>;

beforeAll(async () => {
  ({ dir, remove } = await clipDir());
  listener = await countingListener(await readFile(CLIPS.jfkMp3));
});
afterAll(async () => {
  await listener?.close();
  await remove?.();
});

async function refusal(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

/** What an ffmpeg that probes (the old way) makes of a file: the seconds it decoded, or null. */
async function probingFfmpegSeconds(file: string): Promise<number | null> {
  const result = await runFfmpeg(['-v', 'error', '-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'], { timeoutMs: 60_000 });
  return result.exitCode === 0 && result.stdout.length > 0 ? result.stdout.length / 32_000 : null;
}

describe('measuring a recording', () => {
  it.each(Object.keys(FORMATS) as ClipFormat[])('measures %s by its decoded samples', async (format) => {
    const file = await encodeClip(CLIPS.jfk, format, dir);
    const seconds = await measureDuration(file, (await sniffAudioFile(file))!);
    expect(seconds).toBeGreaterThan(10.5);
    expect(seconds).toBeLessThan(11.5);
  });

  it('refuses a recording past the length limit as too large, from its samples not its size', async () => {
    const long = await silenceClip(30, dir, 'silence-30s.flac');
    const type = (await sniffAudioFile(long))!;
    expect((await refusal(measureDuration(long, type, { maxDurationSeconds: 20 }))).code).toBe('too_large');
    expect((await refusal(decodeToWav(long, type, join(dir, 'long.wav'), { maxDurationSeconds: 20 }))).code).toBe('too_large');
    expect(await measureDuration(long, type, { maxDurationSeconds: 40 })).toBeCloseTo(30, 1);
  });

  it('decodes to a 16 kHz mono WAV file whose samples give the duration', async () => {
    const file = await encodeClip(CLIPS.jfk, 'ogg-opus', dir);
    const out = join(dir, 'decoded.wav');
    const seconds = await decodeToWav(file, (await sniffAudioFile(file))!, out);
    const wav = parseWav(await readFile(out))!;
    expect([wav.sampleRate, wav.channels, wav.bitsPerSample]).toEqual([16000, 1, 16]);
    expect(seconds).toBe(wav.data.length / 32_000);
    expect(seconds).toBeCloseTo(11, 0);
  });
});

describe('hostile files: ffmpeg reads the one file it is given, as the type it was sniffed as', () => {
  const attacks = [
    ['an HLS playlist disguised as FLAC, naming a recording on the server\'s disk', () => disguisedAsFlac(hlsPlaylist(CLIPS.jfkMp3))],
    ['a concat list disguised as FLAC, naming the file beside it', () => disguisedAsFlac(concatList('neighbour.mp3'))],
    ['an HLS playlist disguised as FLAC, naming a URL', () => disguisedAsFlac(hlsPlaylist(`${listener.url}/segment.mp3`))],
  ] as const;

  /** The hostile file in a folder of its own, beside a speech clip it may name. */
  function plant(name: string, bytes: Buffer): string {
    const folder = join(dir, name.replace(/\W+/g, '-'));
    mkdirSync(folder, { recursive: true });
    copyFileSync(CLIPS.jfkMp3, join(folder, 'neighbour.mp3'));
    return writeHostile(folder, 'upload', bytes);
  }

  it.each(attacks.slice(0, 2))('%s is a real attack: it passes the type check and a probing ffmpeg decodes the other file', async (name, bytes) => {
    const file = plant(name, bytes());
    expect((await sniffAudioFile(file))?.demuxer).toBe('flac');
    expect(await probingFfmpegSeconds(file)).toBeGreaterThan(10);
  });

  it.each(attacks)('%s is refused as unprocessable, and nothing is fetched', async (name, bytes) => {
    const file = plant(name, bytes());
    const type = await sniffAudioFile(file);
    expect(type?.demuxer).toBe('flac');
    const before = listener.requests();
    expect((await refusal(measureDuration(file, type!))).code).toBe('unprocessable_audio');
    expect((await refusal(decodeToWav(file, type!, join(file, '..', 'decoded.wav')))).code).toBe('unprocessable_audio');
    expect((await refusal(normaliseAudio(file))).code).toBe('unprocessable_audio');
    expect((await refusal(normaliseAudio(await readFile(file)))).code).toBe('unprocessable_audio');
    expect(listener.requests() - before).toBe(0);
  });

  it('refuses a plain playlist before ffmpeg sees it: it is no audio type', async () => {
    const file = writeHostile(dir, 'plain.m3u8', Buffer.from(hlsPlaylist(CLIPS.jfkMp3)));
    expect(await sniffAudioFile(file)).toBeNull();
    expect((await refusal(normaliseAudio(file))).code).toBe('unprocessable_audio');
  });
});
