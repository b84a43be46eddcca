import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The signed-in API's JSON compressed as the browser accepts it (brotli at quality 4, or gzip;
 * bodies under 1 KB as they are): a library page is about 40 KB, a fifth of a second on a
 * phone's connection, and 6–8 KB compressed. Only in the scope it is registered in: the built
 * client's files come precompressed (spa.ts), and audio, which does not compress, is sent in
 * byte ranges. Registered after the owner read cache's hooks, which keep the uncompressed answer.
 */
/**
 * Answers up to this size are compressed at once rather than through a stream: a library page
 * (20-120 KB) takes 0.1-1 ms that way, and 3-5 ms more of waiting through the stream's turns
 * (measured with bench:api on this 2-core machine, where the plugin's default, scaled by the
 * cores, sends anything over 8 KB through the stream).
 */
const SYNC_UP_TO_BYTES = 256 * 1024;

export async function compressAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, { global: true, encodings: ['br', 'gzip'], syncThreshold: SYNC_UP_TO_BYTES });
}
