import type { FastifyInstance } from 'fastify';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import { KINDS, RECORD_KINDS, type RecordKind } from '../people-and-places/kinds.ts';
import { recordingsAbout } from './about-people-and-places.ts';
import { sendUploaded, type RecordingRouteDependencies } from './routes.ts';
import { ownUpload, type UploadTarget } from './save-recording.ts';
import { uploadRecording } from './upload-recording.ts';

/**
 * Recordings about a person or a place (spec 7.9, 7.10), at `/api/people/{id}/recordings` and
 * `/api/places/{id}/recordings`. GET lists the recordings linked to it as list cards. POST is
 * the same upload as every other, linked to the path's person or place, which is loaded and
 * authorized before the body is read, then counted against the account's upload quotas. The
 * recording belongs to no story (`isContextOnly`); the form's context fields are ignored, the
 * path decides.
 */
export async function personPlaceRecordingRoutes(app: FastifyInstance, deps: RecordingRouteDependencies) {
  for (const kind of RECORD_KINDS) recordingRoutesAbout(app, deps, kind);
}

function recordingRoutesAbout(app: FastifyInstance, deps: RecordingRouteDependencies, kind: RecordKind) {
  const url = `/api/${KINDS[kind].path}/:id/recordings`;
  const toRead = pathResource(kind, 'read');
  const toRecordAbout = pathResource(kind, 'update');

  app.get(url, { config: toRead.config }, async (request) => recordingsAbout(deps.db, kind, toRead.of(request).id));

  app.post(url, { config: toRecordAbout.config }, async (request, reply) => {
    const row = toRecordAbout.of(request);
    const form = await deps.quotas.readUpload({ userId: currentUser(request).id }, request, reply);
    // The path's kind and its row go together (pathResource(kind)); TypeScript cannot pair them through the loop.
    const about = { kind, row } as UploadTarget;
    return sendUploaded(reply, await uploadRecording(deps, ownUpload(signedInActor(request)), form, about));
  });
}
