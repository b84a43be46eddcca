import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';

/**
 * How many photos this process decodes at once, every upload path together: one per core.
 * A burst (20 phones' photos at once) queues here instead of holding twenty decoded
 * images in memory at the same moment (decision 035).
 */
export const PHOTO_SLOTS = Math.max(1, availableParallelism());

const slots = pLimit(PHOTO_SLOTS);

// Each photo is decoded once: libvips's cache of operations would only hold their memory.
sharp.cache(false);

/** Runs `work` once a photo slot is free. */
export function inPhotoSlot<T>(work: () => Promise<T>): Promise<T> {
  return slots(work);
}
