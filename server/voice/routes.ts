import type { FastifyInstance } from 'fastify';
import type { RecordingTimingsView } from '../../contract/voice.ts';
import { pathResource } from '../access/path-resource.ts';
import type { Database } from '../db/client.ts';
import { storyVoice } from './story-voice.ts';

const recordingToRead = pathResource('recording', 'read');
/** A shared story's paragraphs lead back to the voice for its family readers too. */
const storyToHear = pathResource('story', 'read', 'id', { readers: true });

/** A transcript's timings (the owner's listening editor) and a story's "hear it" spans (issue 29). */
export async function voiceRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/api/recordings/:id/timings', { config: recordingToRead.config }, async (request): Promise<RecordingTimingsView> => {
    const recording = recordingToRead.of(request);
    return {
      recordingId: recording.id,
      pending: recording.transcriptTimings === null && recording.transcription !== null,
      timings: recording.transcriptTimings,
    };
  });

  app.get('/api/stories/:id/voice', { config: storyToHear.config }, async (request) => storyVoice(db, storyToHear.of(request)));
}
