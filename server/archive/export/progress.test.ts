import { describe, expect, it } from 'vitest';
import { progressCounter } from './progress.ts';

describe('progressCounter', () => {
  it('reports at the start, every few files and once at the end; its step works passed on alone', async () => {
    const told: [number, number][] = [];
    const progress = progressCounter(7, async (done, total) => void told.push([done, total]), 3);
    await progress.report();
    const { step } = progress;
    for (let i = 0; i < 7; i++) await step();
    await progress.finish();
    expect(told).toEqual([
      [0, 7],
      [3, 7],
      [6, 7],
      [7, 7],
    ]);
  });

  it('never counts past its total (a file more than counted at the start)', async () => {
    const told: [number, number][] = [];
    const progress = progressCounter(2, async (done, total) => void told.push([done, total]), 1);
    for (let i = 0; i < 4; i++) await progress.step();
    expect(told).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});
