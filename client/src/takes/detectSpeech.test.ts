import { describe, expect, it } from 'vitest';
import { detectSpeech } from './detectSpeech.ts';

const RATE = 16000;
const WINDOW = RATE / 10;

/** Samples with a square wave of the given RMS level in each 0.1 s window. */
function windows(levels: number[]): Float32Array {
  const samples = new Float32Array(levels.length * WINDOW);
  levels.forEach((level, w) => {
    for (let i = 0; i < WINDOW; i++) samples[w * WINDOW + i] = i % 2 === 0 ? level : -level;
  });
  return samples;
}

const check = (samples: Float32Array, byteSize = 32_000) => detectSpeech({ samples, sampleRate: RATE, byteSize });

describe('detectSpeech', () => {
  it('calls a file under 1024 bytes silent whatever it holds', () => {
    expect(check(windows([0.5, 0.5, 0.5, 0.5]), 1023)).toBe(false);
  });

  it('calls pure silence silent', () => {
    expect(check(new Float32Array(RATE * 3))).toBe(false);
  });

  it('finds speech in 0.3 s of windows above 0.01', () => {
    expect(check(windows([0.05, 0.05, 0.05, ...Array(197).fill(0)]))).toBe(true);
  });

  it('does not count 0.2 s of speech in a long quiet recording', () => {
    expect(check(windows([0.05, 0.05, ...Array(198).fill(0)]))).toBe(false);
  });

  it('does not count windows at or below 0.01 as speech', () => {
    expect(check(windows([0.0099, 0.0099, 0.0099, ...Array(97).fill(0)]))).toBe(false);
  });

  it('finds speech when the mean level is above 0.003', () => {
    expect(check(windows(Array(20).fill(0.004)))).toBe(true);
  });

  it('calls a mean level at or below 0.003 silent', () => {
    expect(check(windows(Array(20).fill(0.0029)))).toBe(false);
  });

  it('calls an empty decode silent', () => {
    expect(check(new Float32Array(0))).toBe(false);
  });
});
