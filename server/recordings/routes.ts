import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recordingListQuerySchema,
  recordingPeopleSchema,
  recordingPlacesSchema,
  recordingStoryLinkSchema,
  retranscribeSchema,
} from '../../contract/library.ts';
import type { RecordingUploadResponse } from '../../contract/uploads.ts';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';
import { temporalColumnsOrBadRequest } from '../temporal/http.ts';
import { temporalContextBody } from '../temporal/temporal-context.ts';
import { setRecordingPeople, setRecordingPlaces, setRecordingStory } from './links.ts';
import { presentRecording, presentRecordingStatus } from './presenter.ts';
import { listRecordings, recordingWithLinks } from './queries.ts';
import { sendPage } from '../http/pagination.ts';
import { correctTranscription, deleteRecording, retranscribe, setRecordingTime } from './recording-changes.ts';
import { sendAudio } from './serve-audio.ts';
import { deleteStuckRecordings, pendingRecordings, transcribeStoryAgain } from './story-recordings.ts';
import type { UploadQuotas } from './upload-quota.ts';
import { ownUpload } from './save-recording.ts';
import { uploadRecording, type UploadResult } from './upload-recording.ts';

export interface RecordingRouteDependencies {
  db: Database;
  store: BlobStore;
  queue: Queue;
  /** Uploads an hour and stored audio per account (decision 029). */
  quotas: UploadQuotas;
}

const recordingToRead = pathResource('recording', 'read');
const recordingToChange = pathResource('recording', 'update');
const recordingToDelete = pathResource('recording', 'delete');
/** A shared story's recordings play for its family readers too, in the teller's own voice. */
const audioToPlay = pathResource('recording', 'read', 'id', { readers: true });
const storyToAddTo = pathResource('story', 'addRecording');
const storyToRead = pathResource('story', 'read');
const storyToChange = pathResource('story', 'update');

/** The answer to every upload (spec 7.3). */
export const uploadResponse = (result: UploadResult): RecordingUploadResponse => ({
  recording: { id: result.recording.id, processingStatus: result.recording.processingStatus },
  story: result.storyId ? { id: result.storyId } : null,
  isContextOnly: result.isContextOnly,
});

/** 201 with the new recording; 200 with the one a take sent again already became (issue 31). */
export const sendUploaded = (reply: FastifyReply, result: UploadResult) => reply.status(result.alreadyStored ? 200 : 201).send(uploadResponse(result));

/** Recordings: upload, status, audio, transcription edits, links, re-transcription, deletion (spec 7.3). */
export async function recordingRoutes(app: FastifyInstance, deps: RecordingRouteDependencies) {
  const { db, store, queue } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const withLinks = (id: number) => recordingWithLinks(db, id);

  api.post('/api/recordings', async (request, reply) => {
    const form = await deps.quotas.readUpload({ userId: currentUser(request).id }, request, reply);
    return sendUploaded(reply, await uploadRecording(deps, ownUpload(signedInActor(request)), form));
  });

  api.post('/api/stories/:id/recordings', { config: storyToAddTo.config }, async (request, reply) => {
    const story = storyToAddTo.of(request);
    const form = await deps.quotas.readUpload({ userId: currentUser(request).id }, request, reply);
    return sendUploaded(reply, await uploadRecording(deps, ownUpload(signedInActor(request)), form, { kind: 'story', row: story }));
  });

  api.get('/api/recordings', { schema: { querystring: recordingListQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await listRecordings(db, currentUser(request).id, request.query, { withoutStory: request.query.unassigned === 'true' })),
  );

  api.get('/api/recordings/:id', { config: recordingToRead.config }, async (request) => presentRecording(recordingToRead.of(request)));

  api.get('/api/recordings/:id/status', { config: recordingToRead.config }, async (request) =>
    presentRecordingStatus(recordingToRead.of(request)),
  );

  api.get('/api/recordings/:id/with-people-places', { config: recordingToRead.config }, async (request) =>
    withLinks(recordingToRead.of(request).id),
  );

  api.get('/api/recordings/:id/audio', { config: audioToPlay.config }, async (request, reply) =>
    sendAudio(request, reply, store, audioToPlay.of(request)),
  );

  api.patch('/api/recordings/:id/story', { config: recordingToChange.config, schema: { body: recordingStoryLinkSchema } }, async (request) => {
    const recording = recordingToChange.of(request);
    await setRecordingStory(db, signedInActor(request), recording, request.body.storyId);
    return withLinks(recording.id);
  });

  api.patch('/api/recordings/:id/people', { config: recordingToChange.config, schema: { body: recordingPeopleSchema } }, async (request) => {
    const recording = recordingToChange.of(request);
    await setRecordingPeople(db, signedInActor(request), recording, request.body.peopleIds);
    return withLinks(recording.id);
  });

  api.patch('/api/recordings/:id/places', { config: recordingToChange.config, schema: { body: recordingPlacesSchema } }, async (request) => {
    const recording = recordingToChange.of(request);
    await setRecordingPlaces(db, signedInActor(request), recording, request.body.placeIds);
    return withLinks(recording.id);
  });

  api.patch(
    '/api/recordings/:id/temporal-context',
    { config: recordingToChange.config, schema: { body: temporalContextBody } },
    async (request) => {
      const recording = recordingToChange.of(request);
      await setRecordingTime(db, recording, temporalColumnsOrBadRequest(request.body));
      return withLinks(recording.id);
    },
  );

  api.patch(
    '/api/recordings/:id/transcription',
    { config: recordingToChange.config, schema: { body: z.object({ transcription: z.string().max(200_000) }) } },
    async (request) => presentRecording(await correctTranscription(db, recordingToChange.of(request), request.body.transcription)),
  );

  api.post('/api/recordings/:id/retranscribe', { config: recordingToChange.config, schema: { body: retranscribeSchema } }, async (request) =>
    presentRecording(await retranscribe(db, queue, recordingToChange.of(request), request.body)),
  );

  api.delete('/api/recordings/:id', { config: recordingToDelete.config }, async (request, reply) => {
    await deleteRecording(db, store, recordingToDelete.of(request));
    return reply.status(204).send();
  });

  api.get('/api/stories/:id/pending-recordings', { config: storyToRead.config }, async (request) =>
    pendingRecordings(db, storyToRead.of(request)),
  );

  api.delete('/api/stories/:id/delete-stuck-recordings', { config: storyToChange.config }, async (request) =>
    deleteStuckRecordings(db, store, storyToChange.of(request)),
  );

  api.post(
    '/api/stories/:id/force-transcribe-all',
    { config: storyToChange.config, schema: { body: z.object({ transcriptionModel: z.string().max(100).optional() }).optional() } },
    async (request) => transcribeStoryAgain(db, queue, storyToChange.of(request)),
  );
}
