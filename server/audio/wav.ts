import { readFile } from 'node:fs/promises';
import { AiError } from '../ai/errors.ts';

/** Every engine works on 16 kHz mono signed 16-bit PCM. */
export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/** A WAV file around 16-bit mono PCM. */
export function pcmToWav(pcm: Buffer, sampleRate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Format of a WAV file's PCM, read from its header. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  data: Buffer;
}

/** Parses a RIFF/WAVE buffer; undefined when it is not one. */
export function parseWav(buffer: Buffer): WavInfo | undefined {
  if (buffer.length < 12 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    return undefined;
  }
  let offset = 12;
  let fmt: Omit<WavInfo, 'data'> | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      fmt = {
        channels: buffer.readUInt16LE(body + 2),
        sampleRate: buffer.readUInt32LE(body + 4),
        bitsPerSample: buffer.readUInt16LE(body + 14),
      };
    } else if (id === 'data' && fmt) {
      // Streamed WAVs carry 0 or 0xFFFFFFFF as the data size: take the rest of the file.
      if (size === 0 || body + size > buffer.length) size = buffer.length - body;
      return { ...fmt, data: buffer.subarray(body, body + size) };
    }
    offset = body + size + (size % 2);
  }
  return undefined;
}

/**
 * The 16 kHz mono s16 PCM of a normalised recording, given as a WAV or raw PCM buffer or
 * a path to either. A WAV in another format is refused (unprocessable_audio): normalise it first.
 */
export async function readPcm(audio: string | Buffer): Promise<Buffer> {
  const buffer = typeof audio === 'string' ? await readFile(audio) : audio;
  const wav = parseWav(buffer);
  if (!wav) return buffer;
  if (wav.sampleRate !== SAMPLE_RATE || wav.channels !== 1 || wav.bitsPerSample !== 16) {
    throw new AiError('unprocessable_audio', {
      detail: `expected normalised 16 kHz mono 16-bit audio, got ${wav.sampleRate} Hz, ${wav.channels} channels, ${wav.bitsPerSample} bits`,
    });
  }
  return wav.data;
}

/** Duration of 16 kHz mono s16 PCM in seconds. */
export function pcmSeconds(pcm: Buffer): number {
  return pcm.length / BYTES_PER_SECOND;
}

/** The PCM between two times (seconds), cut on sample boundaries. */
export function slicePcm(pcm: Buffer, startSeconds: number, endSeconds: number): Buffer {
  const start = Math.max(0, Math.round(startSeconds * SAMPLE_RATE) * 2);
  const end = Math.min(pcm.length, Math.round(endSeconds * SAMPLE_RATE) * 2);
  return pcm.subarray(start, Math.max(start, end));
}

/** An ArrayBuffer holding exactly these bytes, as native bindings want. */
export function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}
