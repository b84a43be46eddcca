import { open, stat } from 'node:fs/promises';
import { AiError } from '../../contract/ai-errors.ts';

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
      if (body + 16 > buffer.length) return undefined;
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

/** Where a WAV file keeps its samples, read from its head alone. */
export interface WavLayout {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
}

const HEAD_BYTES = 64 * 1024;

/** The layout of a WAV file on disk (reading only its first bytes); undefined when it is not one. */
export async function readWavLayout(file: string): Promise<WavLayout | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    const wav = parseWav(head);
    if (!wav) return undefined;
    const dataOffset = wav.data.byteOffset - head.byteOffset;
    // The head holds only the start of the samples: the rest of the file is the rest of them.
    const declared = head.readUInt32LE(dataOffset - 4);
    const dataBytes = declared === 0 || dataOffset + declared > size ? size - dataOffset : declared;
    return { sampleRate: wav.sampleRate, channels: wav.channels, bitsPerSample: wav.bitsPerSample, dataOffset, dataBytes };
  } finally {
    await handle.close();
  }
}

/**
 * The 16 kHz mono s16 PCM of a normalised recording, given as a WAV or raw PCM buffer or
 * a path to either; `span` (seconds) reads only part of a file. A WAV in another format is
 * refused (unprocessable_audio): normalise it first. From a file, the PCM is read into a
 * buffer of its own, so `toArrayBuffer` hands it to native code without a copy.
 */
export async function readPcm(audio: string | Buffer, span?: { start: number; end: number }): Promise<Buffer> {
  if (typeof audio !== 'string') {
    const wav = parseWav(audio);
    if (wav) checkNormalised(wav);
    const pcm = wav?.data ?? audio;
    return span ? slicePcm(pcm, span.start, span.end) : pcm;
  }
  const wav = await readWavLayout(audio);
  if (wav) checkNormalised(wav);
  const dataOffset = wav?.dataOffset ?? 0;
  const dataBytes = wav?.dataBytes ?? (await stat(audio)).size;
  const start = span ? Math.min(dataBytes, Math.max(0, Math.round(span.start * SAMPLE_RATE) * 2)) : 0;
  const end = span ? Math.min(dataBytes, Math.max(start, Math.round(span.end * SAMPLE_RATE) * 2)) : dataBytes;
  const pcm = Buffer.allocUnsafeSlow(end - start);
  const handle = await open(audio, 'r');
  try {
    let read = 0;
    while (read < pcm.length) {
      const { bytesRead } = await handle.read(pcm, read, pcm.length - read, dataOffset + start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return read === pcm.length ? pcm : pcm.subarray(0, read);
  } finally {
    await handle.close();
  }
}

/** Seconds of 16 kHz mono s16 audio in a normalised WAV (or raw PCM) file, from its size. */
export async function pcmFileSeconds(file: string): Promise<number> {
  const wav = await readWavLayout(file);
  if (wav) checkNormalised(wav);
  return (wav?.dataBytes ?? (await stat(file)).size) / BYTES_PER_SECOND;
}

function checkNormalised(wav: Pick<WavInfo, 'sampleRate' | 'channels' | 'bitsPerSample'>): void {
  if (wav.sampleRate !== SAMPLE_RATE || wav.channels !== 1 || wav.bitsPerSample !== 16) {
    throw new AiError('unprocessable_audio', {
      detail: `expected normalised 16 kHz mono 16-bit audio, got ${wav.sampleRate} Hz, ${wav.channels} channels, ${wav.bitsPerSample} bits`,
    });
  }
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

/**
 * An ArrayBuffer holding exactly these bytes, as native bindings want: the buffer's own
 * memory when it has it alone (no copy of a long recording), else a copy of just these bytes.
 */
export function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  const whole = buffer.buffer;
  if (whole instanceof ArrayBuffer && buffer.byteOffset === 0 && buffer.byteLength === whole.byteLength) return whole;
  return whole.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}
