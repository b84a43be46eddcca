import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESUMABLE_UPLOAD_LIMITS, resumableStartSchema } from '../../../contract/resumable-uploads.ts';
import { pathResource } from '../../access/path-resource.ts';
import { signedInActor } from '../../access/signed-in-scope.ts';
import { acceptPieces, pieceOf } from '../../uploads/piece-body.ts';
import { sendUploaded } from '../routes.ts';
import { receiveRecordingPiece, giveUpUpload } from './continue.ts';
import type { RecordingUploadDependencies } from './dependencies.ts';
import { finishUpload } from './finish.ts';
import { presentResumableNow } from './presenter.ts';
import { resumableRefusal } from './refusals.ts';
import { startResumable } from './start.ts';

const uploadToRead = pathResource('recordingUpload', 'read');
const uploadToContinue = pathResource('recordingUpload', 'update', 'id', { plainParams: ['index'] });
const uploadToFinish = pathResource('recordingUpload', 'update');
const uploadToGiveUp = pathResource('recordingUpload', 'delete');

const PIECE_BYTES = RESUMABLE_UPLOAD_LIMITS.pieceBytes;
const pieceParams = z.object({ id: z.string(), index: z.coerce.number().int().min(0).max(1_000_000) });

/**
 * A recording uploaded in pieces (contract/resumable-uploads.ts, server/recordings/resumable/README.md):
 * a take kept on the device goes up piece by piece, continues from the received count after a
 * cut, and becomes a recording through the multipart upload's own checks.
 */
export async function resumableRecordingRoutes(app: FastifyInstance, deps: RecordingUploadDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // A piece is bytes; read whole (at most one piece, 512 KB) and refused as soon as it grows past that.
  acceptPieces(app, PIECE_BYTES, resumableRefusal.pieceTooLarge);

  api.post('/api/recordings/resumable', { schema: { body: resumableStartSchema } }, async (request, reply) => {
    const { row, created } = await startResumable(deps, signedInActor(request), request.body, reply);
    return reply.status(created ? 201 : 200).send(await presentResumableNow(db, row));
  });

  api.get('/api/recordings/resumable/:id', { config: uploadToRead.config }, async (request) => presentResumableNow(db, uploadToRead.of(request)));

  api.put(
    '/api/recordings/resumable/:id/pieces/:index',
    { config: uploadToContinue.config, bodyLimit: PIECE_BYTES, schema: { params: pieceParams } },
    async (request) => {
      const piece = pieceOf(request, resumableRefusal.pieceType);
      return presentResumableNow(db, await receiveRecordingPiece(deps, uploadToContinue.of(request), request.params.index, piece));
    },
  );

  api.post('/api/recordings/resumable/:id/finish', { config: uploadToFinish.config }, async (request, reply) => {
    const { result } = await finishUpload(deps, signedInActor(request), uploadToFinish.of(request));
    return sendUploaded(reply, result);
  });

  api.delete('/api/recordings/resumable/:id', { config: uploadToGiveUp.config }, async (request, reply) => {
    await giveUpUpload(deps, uploadToGiveUp.of(request));
    return reply.status(204).send();
  });
}
