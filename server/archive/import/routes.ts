import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { archiveImportStartSchema } from '../../../contract/archive.ts';
import { pathResource } from '../../access/path-resource.ts';
import { currentUser } from '../../auth/authenticate.ts';
import { acceptPieces, pieceOf } from '../../uploads/piece-body.ts';
import { CHUNK_BYTES, presentImport } from './presenter.ts';
import { uploadRefusal } from './refusals.ts';
import { cancelImport, finishUpload, listImports, receivePiece, startImport, type UploadDependencies } from './uploads.ts';

const importToRead = pathResource('archiveImport', 'read');
const importToContinue = pathResource('archiveImport', 'update', 'id', { plainParams: ['index'] });
const importToFinish = pathResource('archiveImport', 'update');
const importToCancel = pathResource('archiveImport', 'delete');

const pieceParams = z.object({ id: z.string(), index: z.coerce.number().int().min(0).max(1_000_000) });

/**
 * Import of an archive into the signed-in account (server/archive/import/README.md): the ZIP
 * comes in pieces, each kept in the store as it arrives; finishing queues the job that reads it.
 */
export async function archiveImportRoutes(app: FastifyInstance, deps: UploadDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A piece is bytes; read whole (at most one piece, 8 MB) and refused as soon as it grows past that.
  acceptPieces(app, CHUNK_BYTES, uploadRefusal.pieceTooLarge);

  api.post('/api/account/import', { schema: { body: archiveImportStartSchema } }, async (request, reply) => {
    const row = await startImport(deps, currentUser(request).id, request.body);
    return reply.status(201).send(presentImport(row));
  });

  api.get('/api/account/imports', async (request) => (await listImports(deps.db, currentUser(request).id)).map(presentImport));

  api.get('/api/account/imports/:id', { config: importToRead.config }, async (request) => presentImport(importToRead.of(request)));

  api.put(
    '/api/account/imports/:id/chunks/:index',
    { config: importToContinue.config, bodyLimit: CHUNK_BYTES, schema: { params: pieceParams } },
    async (request) =>
      presentImport(await receivePiece(deps, importToContinue.of(request), request.params.index, pieceOf(request, uploadRefusal.pieceType))),
  );

  api.post('/api/account/imports/:id/finish', { config: importToFinish.config }, async (request, reply) =>
    reply.status(202).send(presentImport(await finishUpload(deps, importToFinish.of(request)))),
  );

  api.delete('/api/account/imports/:id', { config: importToCancel.config }, async (request, reply) => {
    await cancelImport(deps, importToCancel.of(request));
    return reply.status(204).send();
  });
}
