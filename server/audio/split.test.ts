import { describe, expect, it } from 'vitest';
import { planChunks, silences } from './split.ts';

describe('splitting long recordings', () => {
  it('keeps a recording under the limit whole', () => {
    expect(planChunks([{ start: 1, end: 5 }], 10, 600)).toEqual([{ start: 0, end: 10 }]);
  });

  it('cuts in the middle of the longest silence in the last third of each piece', () => {
    const speech = [
      { start: 0, end: 50 },
      { start: 52, end: 70 }, // 2 s pause at 50-52: in the window (40-60) but short
      { start: 80, end: 140 }, // 10 s pause 70-80: outside the window of piece 1
    ];
    const chunks = planChunks(speech, 140, 60);
    expect(chunks[0]).toEqual({ start: 0, end: 51 });
    expect(chunks.at(-1)!.end).toBe(140);
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(60);
    // contiguous cover
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end);
  });

  it('cuts hard at the limit when the speaker never pauses', () => {
    expect(planChunks([{ start: 0, end: 150 }], 150, 60)).toEqual([
      { start: 0, end: 60 }, { start: 60, end: 120 }, { start: 120, end: 150 },
    ]);
  });

  it('makes pieces of a 60-minute memory that each fit the provider', () => {
    const speech = Array.from({ length: 720 }, (_, i) => ({ start: i * 5, end: i * 5 + 4.2 }));
    const chunks = planChunks(speech, 3600, 600);
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    expect(chunks.length).toBeLessThanOrEqual(8);
    for (const c of chunks.slice(0, -1)) {
      // every cut falls in a pause, not in a word
      expect(speech.some((s) => c.end > s.start && c.end < s.end)).toBe(false);
    }
  });

  it('finds the silences around and between speech', () => {
    expect(silences([{ start: 2, end: 3 }, { start: 5, end: 6 }], 8)).toEqual([
      { start: 0, end: 2 }, { start: 3, end: 5 }, { start: 6, end: 8 },
    ]);
  });
});
