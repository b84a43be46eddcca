import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptTimings } from '../../contract/voice.ts';
import { clipDir, encodeClip, silenceClip } from '../../test/support/audio-clips.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings, stories } from '../db/schema.ts';
import { sendJob } from '../jobs/send-job.ts';
import { sameWords, sentencesOf } from './sentences.ts';
import { TIMING_BATCH, timeTranscriptsJob } from './time-transcripts-job.ts';
import { storeTimingsIfUnchanged, untimedRecordings } from './untimed-recordings.ts';

// The background pass over transcripts made before issue 29: the real workers, the real
// Silero VAD (the test model is the published one) on real clips decoded from stored WebM.
// Two sentences in 4.8 s; the VAD hears speech from the start to 2.62 s and from 2.88 s to 4.61 s.
const SPOKEN = clipTranscript(CLIPS.english);
const SETTLED = 60_000;

let server: TestApp;
let userId: string;
let speechWebm: Buffer;
let silenceWebm: Buffer;
let clips: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  clips = await clipDir();
  speechWebm = readFileSync(await encodeClip(CLIPS.english, 'webm-opus', clips.dir));
  silenceWebm = readFileSync(await encodeClip(await silenceClip(4, clips.dir), 'webm-opus', clips.dir));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: localTestEngines() });
  ({ id: userId } = await signedUpClient(server.url, 'teller@example.com'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await clips?.remove();
});

/** A transcribed recording as one made before issue 29: audio stored, transcript, no timings. */
async function oldRecording(fields: Partial<typeof recordings.$inferInsert> & { audio?: Buffer | null }) {
  const { audio = speechWebm, ...rest } = fields;
  const audioKey = `users/${userId}/recordings/${randomUUID()}.webm`;
  if (audio) await server.store.put(audioKey, audio, 'audio/webm');
  const [row] = await server.database.db
    .insert(recordings)
    .values({ userId, audioKey, mimeType: 'audio/webm', sizeBytes: audio?.length ?? 0, duration: 4.8, transcription: SPOKEN, processingStatus: 'transcribed', ...rest })
    .returning();
  return row!;
}

const timingsOf = async (ids: number[]) =>
  new Map((await server.database.db.select({ id: recordings.id, timings: recordings.transcriptTimings }).from(recordings).where(inArray(recordings.id, ids))).map((r) => [r.id, r.timings]));

const untimedLeft = () => untimedRecordings(server.database.db, { canDetectSpeech: true, limit: 100 });

/** Sends the pass as the background work's start does, and waits until these recordings are timed. */
async function timedByThePass(ids: number[]): Promise<Map<number, TranscriptTimings | null>> {
  expect((await untimedLeft()).map((r) => r.id)).toEqual(expect.arrayContaining(ids));
  expect(await sendJob(server.queue, timeTranscriptsJob, { afterId: 0 })).not.toBeNull();
  return waitFor(() => timingsOf(ids), (found) => ids.every((id) => found.get(id) !== null), SETTLED, 'the recordings timed');
}

describe('the background pass timing old transcripts', () => {
  it('aligns each transcript with no engine times to the speech heard in its stored audio, more than a batch of them, and leaves the rest alone', async () => {
    const story = await seeder(server.database.db).story(userId, { paragraphSources: [] });
    const spoken = await Promise.all(Array.from({ length: TIMING_BATCH }, () => oldRecording({ storyId: story!.id })));
    // gpt-4o-transcribe gives no times: its one stored segment is the whole piece it was sent, so the audio is aligned.
    spoken.push(await oldRecording({ storyId: story!.id, transcriptionSegments: [{ start: 0, end: 4.8, text: SPOKEN }] }));
    const silent = await oldRecording({ audio: silenceWebm, transcription: 'Nothing was said.' });
    const gone = await oldRecording({ audio: null });
    const kept: TranscriptTimings = { source: 'words', sentences: [{ text: SPOKEN, start: 0.1, end: 4.5, words: [] }] };
    const timedAlready = await oldRecording({ transcriptTimings: kept });
    const waiting = await oldRecording({ processingStatus: 'uploaded', transcription: null });

    const timed = await timedByThePass([...spoken.map((r) => r.id), silent.id, gone.id]);

    for (const { id } of spoken) {
      const timings = timed.get(id)!;
      expect(timings.source).toBe('aligned');
      expect(sameWords(timings, SPOKEN)).toBe(true);
      expect(timings.sentences.map((s) => s.text)).toEqual(sentencesOf(SPOKEN, 'en'));
      const [first, second] = timings.sentences;
      // Each sentence on its stretch of speech: the second starts at the pause between them.
      expect(first!.start).toBeLessThan(0.2);
      expect(first!.end).toBeGreaterThan(2.3);
      expect(second!.start).toBeGreaterThan(2.6);
      expect(second!.start).toBeLessThan(3.2);
      expect(second!.start).toBeGreaterThanOrEqual(first!.end);
      expect(second!.end).toBeLessThanOrEqual(4.8);
    }
    // Silence and audio gone have nothing to time them by: `none`, not made-up times, and not tried again.
    expect(timed.get(silent.id)).toEqual({ source: 'none', sentences: [] });
    expect(timed.get(gone.id)).toEqual({ source: 'none', sentences: [] });
    const others = await timingsOf([timedAlready.id, waiting.id]);
    expect(others.get(timedAlready.id)).toEqual(kept);
    expect(others.get(waiting.id)).toBeNull();
    // The story's paragraphs were marked already: left as they were.
    const [after] = await server.database.db.select({ sources: stories.paragraphSources }).from(stories).where(inArray(stories.id, [story!.id]));
    expect(after!.sources).toEqual([]);
    // Nothing is left for the next pass.
    expect(await untimedLeft()).toEqual([]);
    expect(server.backgroundErrors).toEqual([]);
  }, 120_000);

  it('stores timings only for the text they were made for, and only where none are', async () => {
    const recording = await oldRecording({});
    const timings: TranscriptTimings = { source: 'aligned', sentences: sentencesOf(SPOKEN, 'en').map((text, i) => ({ text, start: i * 3, end: i * 3 + 2 })) };
    // The person corrected the transcript while it was being timed: the old text's timings are not stored.
    expect(await storeTimingsIfUnchanged(server.database.db, recording.id, 'An older text.', timings)).toBe(false);
    expect((await timingsOf([recording.id])).get(recording.id)).toBeNull();
    expect(await storeTimingsIfUnchanged(server.database.db, recording.id, SPOKEN, timings)).toBe(true);
    // Timings there already (a correction retimed them meanwhile) are not replaced.
    expect(await storeTimingsIfUnchanged(server.database.db, recording.id, SPOKEN, { source: 'none', sentences: [] })).toBe(false);
    expect((await timingsOf([recording.id])).get(recording.id)).toEqual(timings);
  });
});

// These three need the other parts of issue 29 merged: engine-timings.ts (voice-engines),
// retime.ts (voice-retime) and mark-story.ts (voice-sources).
describe('the background pass with the engine\'s stored times (after the merge)', () => {
  const segments = [
    { start: 0, end: 2.62, text: 'I grew up on a farm near Tampere with my sister Anna.' },
    { start: 2.88, end: 4.61, text: 'Every summer we swam in the lake.' },
  ];

  it('times a transcript from the segments the engine stored, with no audio decoded', async () => {
    const recording = await oldRecording({ audio: null, transcriptionSegments: segments });
    const timings = (await timedByThePass([recording.id])).get(recording.id)!;
    expect(timings.source).toBe('segments');
    expect(timings.sentences.map(({ text, start, end }) => [text, start, end])).toEqual(segments.map(({ text, start, end }) => [text, start, end]));
  }, 120_000);

  it('retimes the engine\'s segments to the person\'s correction', async () => {
    const corrected = 'I grew up on a farm near Tampere with my sister Anne. Every summer we swam in the lake.';
    const recording = await oldRecording({ audio: null, transcriptionSegments: segments, transcription: corrected, transcriptionEditedAt: new Date() });
    const timings = (await timedByThePass([recording.id])).get(recording.id)!;
    expect(sameWords(timings, corrected)).toBe(true);
    expect(timings.sentences.map(({ start }) => start)).toEqual([0, 2.88]);
  }, 120_000);

  it('marks a story\'s paragraphs once the last of its recordings is timed', async () => {
    const story = await seeder(server.database.db).story(userId, { content: 'I grew up on a farm near Tampere with my sister Anna.\n\nEvery summer we swam in the lake.' });
    const first = await oldRecording({ storyId: story!.id });
    const second = await oldRecording({ storyId: story!.id });
    await timedByThePass([first.id, second.id]);
    const [marked] = await server.database.db.select({ sources: stories.paragraphSources }).from(stories).where(inArray(stories.id, [story!.id]));
    expect(marked!.sources).toHaveLength(2);
    expect(marked!.sources!.flat().every((span) => [first.id, second.id].includes(span.recordingId))).toBe(true);
  }, 120_000);
});
