import { expect, it } from 'vitest';
import { throttledProgress } from './throttled-progress.ts';

it('writes the first report, then one a period, always the last, and flushes one held back', async () => {
  let clock = 0;
  const written: string[] = [];
  const progress = throttledProgress(async (done, total) => void written.push(`${done}/${total}`), 1000, () => clock);
  await progress.report(0, 10);
  await progress.report(1, 10);
  clock = 500;
  await progress.report(2, 10);
  clock = 1000;
  await progress.report(3, 10);
  await progress.report(4, 10);
  await progress.flush();
  await progress.flush();
  await progress.report(10, 10);
  expect(written).toEqual(['0/10', '3/10', '4/10', '10/10']);
});
