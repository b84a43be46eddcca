import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/**
 * How many ffmpeg decodes this process runs at once, uploads measuring and jobs
 * normalising together: one per core, so a burst of uploads queues instead of taking
 * every core (and the memory of every decode) at the same moment.
 */
export const DECODE_SLOTS = Math.max(1, availableParallelism());

const slots = pLimit(DECODE_SLOTS);

/** Runs `decode` once a decode slot is free. */
export function inDecodeSlot<T>(decode: () => Promise<T>): Promise<T> {
  return slots(decode);
}
