import { describe, expect, it } from 'vitest';
import { DECODE_SLOTS, inDecodeSlot } from './decode-slots.ts';
import { until } from '../../test/support/wait-for.ts';

describe('decode slots', () => {
  it('run at most DECODE_SLOTS decodes at once, the rest in turn, each to its end', async () => {
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const decode = (i: number) =>
      inDecodeSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((open) => gates.push(open));
        running -= 1;
        return i;
      });
    const all = Promise.all(Array.from({ length: DECODE_SLOTS + 3 }, (_, i) => decode(i)));
    // Open one gate at a time: every decode gets its turn only once a slot is free.
    for (let opened = 0; opened < DECODE_SLOTS + 3; opened += 1) {
      await until(() => gates.length > opened, 5000, `decode slot ${opened + 1} to open`);
      expect(running).toBeLessThanOrEqual(DECODE_SLOTS);
      gates[opened]!();
    }
    expect(await all).toEqual(Array.from({ length: DECODE_SLOTS + 3 }, (_, i) => i));
    expect(most).toBe(DECODE_SLOTS);
  });

  it('free the slot of a decode that fails', async () => {
    await expect(inDecodeSlot(() => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    const results = await Promise.all(Array.from({ length: DECODE_SLOTS + 1 }, (_, i) => inDecodeSlot(async () => i)));
    expect(results).toHaveLength(DECODE_SLOTS + 1);
  });
});

