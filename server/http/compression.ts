import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The signed-in API's JSON compressed as the browser accepts it (brotli at quality 4, or gzip;
 * bodies under 1 KB as they are): a library page is about 40 KB, a fifth of a second on a
 * phone's connection, and 6–8 KB compressed. Only in the scope it is registered in: the built
 * client's files come precompressed (spa.ts), and audio, which does not compress, is sent in
 * byte ranges. Registered after the owner read cache's hooks, which keep the uncompressed answer.
 */
export async function compressAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, { global: true, encodings: ['br', 'gzip'] });
}
