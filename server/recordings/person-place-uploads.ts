import type { FastifyInstance } from 'fastify';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import { uploadResponse, type RecordingRouteDependencies } from './routes.ts';
import { ownUpload } from './save-recording.ts';
import { uploadRecording } from './upload-recording.ts';

const personToRecordAbout = pathResource('person', 'update');
const placeToRecordAbout = pathResource('place', 'update');

/**
 * Recordings about a person or a place (spec 7.9, 7.10): the same upload as every other,
 * linked to the path's person or place, which is loaded and authorized before the body is
 * read, then counted against the account's upload quotas. The recording belongs to no story (`isContextOnly`); the form's context fields are
 * ignored, the path decides.
 */
export async function personPlaceUploadRoutes(app: FastifyInstance, deps: RecordingRouteDependencies) {
  app.post('/api/people/:id/recordings', { config: personToRecordAbout.config }, async (request, reply) => {
    const person = personToRecordAbout.of(request);
    const form = await deps.quotas.readUpload({ userId: currentUser(request).id }, request, reply);
    return reply.status(201).send(uploadResponse(await uploadRecording(deps, ownUpload(signedInActor(request)), form, { kind: 'person', row: person })));
  });

  app.post('/api/places/:id/recordings', { config: placeToRecordAbout.config }, async (request, reply) => {
    const place = placeToRecordAbout.of(request);
    const form = await deps.quotas.readUpload({ userId: currentUser(request).id }, request, reply);
    return reply.status(201).send(uploadResponse(await uploadRecording(deps, ownUpload(signedInActor(request)), form, { kind: 'place', row: place })));
  });
}
