import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pcmFileSeconds, pcmToWav, readPcm, readWavLayout, toArrayBuffer } from './wav.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'saaga-wav-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Three seconds of 16 kHz mono PCM whose every sample is its own index (mod 2^15). */
const pcm = Buffer.alloc(3 * 16_000 * 2);
for (let i = 0; i < pcm.length / 2; i += 1) pcm.writeInt16LE(i % 32_768, i * 2);

describe('normalised audio on disk', () => {
  it('reads the layout of a WAV file from its head, with a chunk before the samples', async () => {
    const wav = pcmToWav(pcm);
    // A LIST chunk between fmt and data, as some encoders write.
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([6, 0, 0, 0]), Buffer.from('INFOab')]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    withList.writeUInt32LE(withList.length - 8, 4);
    const file = path.join(dir, 'list.wav');
    writeFileSync(file, withList);
    expect(await readWavLayout(file)).toEqual({
      sampleRate: 16000, channels: 1, bitsPerSample: 16, dataOffset: 44 + list.length, dataBytes: pcm.length,
    });
  });

  it('reads a span of samples from a WAV or raw PCM file without reading the rest', async () => {
    const wavFile = path.join(dir, 'span.wav');
    const rawFile = path.join(dir, 'span.pcm');
    writeFileSync(wavFile, pcmToWav(pcm));
    writeFileSync(rawFile, pcm);
    for (const file of [wavFile, rawFile]) {
      const span = await readPcm(file, { start: 1, end: 1.5 });
      expect(span.equals(pcm.subarray(32_000, 48_000))).toBe(true);
      expect((await readPcm(file)).equals(pcm)).toBe(true);
      expect(await pcmFileSeconds(file)).toBe(3);
      // Past the end is cut at the end.
      expect((await readPcm(file, { start: 2.5, end: 9 })).equals(pcm.subarray(80_000))).toBe(true);
    }
  });

  it('refuses a WAV that is not 16 kHz mono 16-bit', async () => {
    const file = path.join(dir, 'stereo.wav');
    const wav = pcmToWav(pcm);
    wav.writeUInt16LE(2, 22);
    writeFileSync(file, wav);
    await expect(readPcm(file)).rejects.toMatchObject({ code: 'unprocessable_audio' });
  });
});

describe('toArrayBuffer', () => {
  it('hands over the memory of a buffer that has it alone, and copies only a view\'s own bytes', async () => {
    const file = path.join(dir, 'own.wav');
    writeFileSync(file, pcmToWav(pcm));
    const own = await readPcm(file);
    expect(toArrayBuffer(own)).toBe(own.buffer);

    const view = own.subarray(2, 6);
    const copy = toArrayBuffer(view);
    expect(copy).not.toBe(own.buffer);
    expect(Buffer.from(copy).equals(view)).toBe(true);
  });
});
