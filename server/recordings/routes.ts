import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { RECORDING_LIMITS } from '../../contract/recording-limits.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import { parseByteRange } from '../http/byte-range.ts';
import type { Queue } from '../jobs/queue.ts';
import { ownedRecording, ownedStory } from '../owned.ts';
import { enqueueTranscription } from '../pipeline/queues.ts';
import type { BlobStore } from '../storage/index.ts';
import { recordingPeopleSchema, recordingPlacesSchema, recordingStoryLinkSchema } from '../../contract/library.ts';
import { temporalColumnsOrBadRequest } from '../temporal/http.ts';
import { temporalContextBody } from '../temporal/temporal-context.ts';
import { linksOf, setRecordingPeople, setRecordingPlaces, setRecordingStory } from './links.ts';
import { presentRecording, presentRecordingStatus, presentRecordingSummary, presentRecordingWithLinks } from './presenter.ts';
import { readUploadForm } from './upload-form.ts';
import { uploadRecording, type UploadResult } from './upload-recording.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** A recording that has not moved for this long while uploaded or transcribing is stuck. */
const STUCK_AFTER_MS = 10 * 60 * 1000;

export interface RecordingRouteDependencies {
  db: Database;
  store: BlobStore;
  queue: Queue;
}

const uploadResponse = (result: UploadResult) => ({
  recording: { id: result.recording.id, processingStatus: result.recording.processingStatus },
  story: result.storyId ? { id: result.storyId } : null,
  isContextOnly: result.isContextOnly,
});

/** Recordings: upload, status, audio, transcription edits, re-transcription, deletion (spec 7.3). */
export async function recordingRoutes(app: FastifyInstance, deps: RecordingRouteDependencies) {
  const { db, store, queue } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/recordings', async (request, reply) => {
    const user = requireUser(request);
    const form = await readUploadForm(request, RECORDING_LIMITS.maxUploadBytes);
    return reply.status(201).send(uploadResponse(await uploadRecording(deps, user, form)));
  });

  api.post('/api/stories/:id/recordings', { schema: { params: idParams } }, async (request, reply) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    const form = await readUploadForm(request, RECORDING_LIMITS.maxUploadBytes);
    return reply.status(201).send(uploadResponse(await uploadRecording(deps, user, form, story.id)));
  });

  api.get('/api/recordings', async (request) => {
    const user = requireUser(request);
    const rows = await db
      .select()
      .from(recordings)
      .where(eq(recordings.userId, user.id))
      .orderBy(desc(recordings.createdAt), desc(recordings.id));
    const links = await linksOf(db, rows);
    return rows.map((row) => presentRecordingSummary(row, links.get(row.id)!));
  });

  const withLinks = async (id: number) => {
    const [row] = await db.select().from(recordings).where(eq(recordings.id, id));
    return presentRecordingWithLinks(row, (await linksOf(db, [row])).get(row.id)!);
  };

  api.get('/api/recordings/:id/with-people-places', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    const recording = await ownedRecording(db, user.id, request.params.id);
    return withLinks(recording.id);
  });

  api.patch('/api/recordings/:id/story', { schema: { params: idParams, body: recordingStoryLinkSchema } }, async (request) => {
    const user = requireUser(request);
    const recording = await ownedRecording(db, user.id, request.params.id);
    await setRecordingStory(db, user.id, recording, request.body.storyId);
    return withLinks(recording.id);
  });

  api.patch('/api/recordings/:id/people', { schema: { params: idParams, body: recordingPeopleSchema } }, async (request) => {
    const user = requireUser(request);
    const recording = await ownedRecording(db, user.id, request.params.id);
    await setRecordingPeople(db, user.id, recording.id, request.body.peopleIds);
    return withLinks(recording.id);
  });

  api.patch('/api/recordings/:id/places', { schema: { params: idParams, body: recordingPlacesSchema } }, async (request) => {
    const user = requireUser(request);
    const recording = await ownedRecording(db, user.id, request.params.id);
    await setRecordingPlaces(db, user.id, recording.id, request.body.placeIds);
    return withLinks(recording.id);
  });

  api.patch(
    '/api/recordings/:id/temporal-context',
    { schema: { params: idParams, body: temporalContextBody } },
    async (request) => {
      const user = requireUser(request);
      const recording = await ownedRecording(db, user.id, request.params.id);
      await db
        .update(recordings)
        .set({ ...temporalColumnsOrBadRequest(request.body), updatedAt: new Date() })
        .where(eq(recordings.id, recording.id));
      return withLinks(recording.id);
    },
  );

  api.get('/api/recordings/:id', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    return presentRecording(await ownedRecording(db, user.id, request.params.id));
  });

  api.get('/api/recordings/:id/status', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    return presentRecordingStatus(await ownedRecording(db, user.id, request.params.id));
  });

  api.get('/api/recordings/:id/audio', { schema: { params: idParams } }, async (request, reply) => {
    const user = requireUser(request);
    const recording = await ownedRecording(db, user.id, request.params.id);
    const size = await store.size(recording.audioKey);
    if (size === null) return reply.status(404).send({ message: 'Audio not found', code: 'not_found' });
    const range = parseByteRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${size}`).send({ message: 'Range not satisfiable', code: 'range' });
    }
    const blob = (await store.get(recording.audioKey, range ?? undefined))!;
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', recording.mimeType)
      .header('cache-control', 'private, max-age=3600');
    if (!range) return reply.header('content-length', size).send(blob.body);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(blob.body);
  });

  api.patch(
    '/api/recordings/:id/transcription',
    { schema: { params: idParams, body: z.object({ transcription: z.string().max(200_000) }) } },
    async (request) => {
      const user = requireUser(request);
      const recording = await ownedRecording(db, user.id, request.params.id);
      const [updated] = await db
        .update(recordings)
        .set({ transcription: request.body.transcription, updatedAt: new Date() })
        .where(eq(recordings.id, recording.id))
        .returning();
      return presentRecording(updated);
    },
  );

  // Re-transcription runs in the background like the first one; the client polls the status.
  api.post('/api/recordings/:id/retranscribe', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    const recording = await ownedRecording(db, user.id, request.params.id);
    const [updated] = await db
      .update(recordings)
      .set({ processingStatus: 'uploaded', transcriptionError: null, updatedAt: new Date() })
      .where(eq(recordings.id, recording.id))
      .returning();
    await enqueueTranscription(queue, recording.id);
    return presentRecording(updated);
  });

  api.delete('/api/recordings/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = requireUser(request);
    const recording = await ownedRecording(db, user.id, request.params.id);
    await db.delete(recordings).where(eq(recordings.id, recording.id));
    await store.delete(recording.audioKey);
    return reply.status(204).send();
  });

  api.get('/api/stories/:id/pending-recordings', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    const pending = await db
      .select({ id: recordings.id })
      .from(recordings)
      .where(and(eq(recordings.storyId, story.id), inArray(recordings.processingStatus, ['uploaded', 'transcribing'])));
    return { hasPendingRecordings: pending.length > 0, pendingCount: pending.length };
  });

  api.delete('/api/stories/:id/delete-stuck-recordings', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    const stuck = await db
      .delete(recordings)
      .where(
        and(
          eq(recordings.storyId, story.id),
          or(
            eq(recordings.processingStatus, 'failed'),
            and(
              inArray(recordings.processingStatus, ['uploaded', 'transcribing']),
              lt(recordings.updatedAt, new Date(Date.now() - STUCK_AFTER_MS)),
            ),
          ),
        ),
      )
      .returning({ audioKey: recordings.audioKey });
    await Promise.all(stuck.map((row) => store.delete(row.audioKey)));
    return { deletedCount: stuck.length };
  });

  api.post(
    '/api/stories/:id/force-transcribe-all',
    { schema: { params: idParams, body: z.object({ transcriptionModel: z.string().max(100).optional() }).optional() } },
    async (request) => {
      const user = requireUser(request);
      const story = await ownedStory(db, user.id, request.params.id);
      const untranscribed = await db
        .update(recordings)
        .set({ processingStatus: 'uploaded', transcriptionError: null, updatedAt: new Date() })
        .where(and(eq(recordings.storyId, story.id), inArray(recordings.processingStatus, ['uploaded', 'failed'])))
        .returning({ id: recordings.id });
      for (const { id } of untranscribed) await enqueueTranscription(queue, id);
      return { processedCount: untranscribed.length };
    },
  );
}
