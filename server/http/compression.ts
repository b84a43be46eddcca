import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers up to this size are compressed in one call rather than through a stream: a 40 KB
 * library page takes 0.25 ms that way, and through the stream (the plugin's default on 2 cores
 * for anything over 8 KB) bench:api's list lines took about 0.8 ms more.
 */
const SYNC_UP_TO_BYTES = 256 * 1024;

/**
 * The signed-in API's JSON compressed as the browser accepts it (brotli at quality 4, or gzip;
 * bodies under 1 KB as they are): a library page is about 40 KB, a fifth of a second on a
 * phone's connection, and 6–8 KB compressed. Only in the scope it is registered in: the built
 * client's files come precompressed (spa.ts), and audio, which does not compress, is sent in
 * byte ranges. The plugin compresses in each route's own onSend hook, which runs after the scope's:
 * the owner read cache keeps the answer uncompressed, whoever asked for it.
 */
export async function compressAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, { global: true, encodings: ['br', 'gzip'], syncThreshold: SYNC_UP_TO_BYTES });
}
