import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toLanguage, languageSchema } from '../../../contract/languages.ts';
import { pathResource } from '../../access/path-resource.ts';
import { signedInActor } from '../../access/signed-in-scope.ts';
import type { Database } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/index.ts';
import { sendExportedArchive } from './download.ts';
import { presentExport } from './export-row.ts';
import { listExports, startExport } from './start-export.ts';

const exportToDownload = pathResource('archiveExport', 'read');

/** POST's optional body: the interface language README.txt, the pages and the e-mail are written in (else the account's). */
const startBody = z.object({ language: languageSchema.optional() }).optional();

/** The person's archive (spec of issue 26): start an export, follow it, download it. Signed in. */
export async function archiveExportRoutes(app: FastifyInstance, deps: { db: Database; store: BlobStore; queue: Queue }) {
  const { db, store, queue } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/account/export', { schema: { body: startBody } }, async (request, reply) => {
    const { user } = signedInActor(request);
    const language = request.body?.language ?? toLanguage(user.languagePreference);
    return reply.status(202).send(presentExport(await startExport(db, queue, user.id, language)));
  });

  api.get('/api/account/exports', async (request) => {
    const now = new Date();
    return (await listExports(db, signedInActor(request).user.id)).map((row) => presentExport(row, now));
  });

  api.get('/api/account/exports/:id/download', { config: exportToDownload.config }, (request, reply) =>
    sendExportedArchive(request, reply, store, exportToDownload.of(request)),
  );
}
