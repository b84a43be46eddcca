import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PHOTO_MAX_EDGE, PHOTO_MAX_PIXELS } from '../../contract/photos.ts';
import { photoRefusal } from './photo-errors.ts';

/**
 * The decoder's code, run in a worker thread of its own for each photo: libheif's WebAssembly
 * decodes synchronously (about a second for 12 MP, which would stop every other request of
 * this server) and its memory never shrinks (it is gone with the worker). Plain JavaScript in
 * a string, so that it runs the same from the sources and from the built server.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { all } = require(workerData.heicDecode);
(async () => {
  const images = await all({ buffer: readFileSync(workerData.file) });
  try {
    const primary = images[0];
    if (!primary) return parentPort.postMessage({ refused: 'unreadable' });
    const { width, height } = primary;
    // Read from the container before any pixel is decoded: a bomb ends here.
    if (width > workerData.maxEdge || height > workerData.maxEdge || width * height > workerData.maxPixels) {
      return parentPort.postMessage({ refused: 'dimensions' });
    }
    const { data } = await primary.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch(() => parentPort.postMessage({ refused: 'unreadable' }));
`;

/** Where heic-decode is, resolved here: the worker's own `require` would look beside the process's working folder. */
const heicDecodePath = createRequire(import.meta.url).resolve('heic-decode');

export interface DecodedHeic {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  rgba: Buffer;
}

type WorkerAnswer = { refused: 'unreadable' | 'dimensions' } | { width: number; height: number; data: Uint8ClampedArray };

/**
 * Decodes a HEIC's primary image (libheif applies the container's rotation) in a worker
 * thread, once its width and height, read from the container, are within PHOTO_MAX_EDGE and
 * PHOTO_MAX_PIXELS. Throws `photoRefusal`s.
 */
export function decodeHeic(file: string, bounds = { maxEdge: PHOTO_MAX_EDGE, maxPixels: PHOTO_MAX_PIXELS }): Promise<DecodedHeic> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { file, heicDecode: heicDecodePath, ...bounds } });
    worker.once('message', (answer: WorkerAnswer) => {
      if ('refused' in answer) reject(answer.refused === 'dimensions' ? photoRefusal.dimensionsTooLarge() : photoRefusal.unreadable());
      else resolve({ width: answer.width, height: answer.height, rgba: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) });
      void worker.terminate();
    });
    // Out of memory, a crash of the decoder: the photo is unreadable, the server goes on.
    worker.once('error', () => reject(photoRefusal.unreadable()));
    worker.once('exit', () => reject(photoRefusal.unreadable()));
  });
}
