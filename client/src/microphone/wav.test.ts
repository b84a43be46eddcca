import { describe, expect, it } from 'vitest';
import { encodeWav, mixToMono } from './wav.ts';

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM header and the clamped samples', async () => {
    const blob = encodeWav(new Float32Array([0, 1, -1, 2]), 16000);
    const view = new DataView(await blob.arrayBuffer());
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(view.buffer, offset, 4));
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(44 + 8);
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });

  it('mixes channels to mono', () => {
    expect(Array.from(mixToMono([new Float32Array([1, 0]), new Float32Array([0, 0.5])]))).toEqual([0.5, 0.25]);
  });
});
