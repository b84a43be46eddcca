import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathResource } from '../access/path-resource.ts';
import type { Database } from '../db/client.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import { idOrNull } from '../photos/served-copies.ts';
import { sendStoredAudio } from '../recordings/serve-audio.ts';
import type { BlobStore } from '../storage/index.ts';
import { revokeListeningLinks } from './links.ts';
import { listeningPage, listeningRecording } from './listening-page.ts';

// Not kept by any cache: turning the links off stops them at once.
const NOT_KEPT = 'private, no-cache';

/**
 * What a printed book's QR code opens, for anyone holding the link (issue 30), each rate limited
 * per address like the published story: GET /api/listen/{token} (the story's title, teller,
 * language and recordings) and each recording at /api/listen/{token}/audio/{recordingId}
 * (byte ranges). Public scope: the token is the credential, checked on every request.
 */
export async function listeningLinkRoutes(app: FastifyInstance, deps: { db: Database; store: BlobStore; perMinute: number }) {
  const { db, store } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = perAddress(deps.perMinute);

  api.get('/api/listen/:token', { config: { rateLimit }, schema: { params: z.object({ token: z.string() }) } }, async (request, reply) => {
    const page = await listeningPage(db, request.params.token);
    return reply.header('cache-control', NOT_KEPT).send(page);
  });

  api.get(
    '/api/listen/:token/audio/:recordingId',
    { config: { rateLimit }, schema: { params: z.object({ token: z.string(), recordingId: z.string() }) } },
    async (request, reply) => {
      const recording = await listeningRecording(db, request.params.token, idOrNull(request.params.recordingId));
      return sendStoredAudio(request, reply, store, {
        key: recording.audioKey,
        mimeType: recording.mimeType,
        // As the owner's own route: an uploaded file opened on its own is downloaded, never rendered here.
        disposition: 'attachment',
        cacheControl: NOT_KEPT,
      });
    },
  );
}

const bookToManage = pathResource('autobiography', 'update');

/** The owner's side: DELETE /api/autobiographies/{id}/listening-links turns every link of the book off. Signed in. */
export async function listeningLinkOwnerRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.delete('/api/autobiographies/:id/listening-links', { config: bookToManage.config }, async (request) => ({
    revoked: await revokeListeningLinks(deps.db, bookToManage.of(request).id),
  }));
}
