import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingTimingsViewSchema, type TranscriptTimings } from '../../contract/voice.ts';
import { HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings } from '../db/schema.ts';

let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let seed: ReturnType<typeof seeder>;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  seed = seeder(server.database.db, server.store);
  ({ owner, ownerId, stranger } = await ownerAndStranger(server.url));
});
afterAll(() => server?.close());

const text = 'We rowed across the lake. Grandfather Toivo held the oars.';
const timings: TranscriptTimings = {
  source: 'words',
  sentences: [
    {
      text: 'We rowed across the lake.',
      start: 0.5,
      end: 2.5,
      words: [
        { text: 'We', start: 0.5, end: 0.7 },
        { text: 'rowed', start: 0.7, end: 1.1 },
        { text: 'across', start: 1.1, end: 1.6 },
        { text: 'the', start: 1.6, end: 1.8 },
        { text: 'lake.', start: 1.8, end: 2.5 },
      ],
    },
    {
      text: 'Grandfather Toivo held the oars.',
      start: 3.2,
      end: 5.6,
      words: [
        { text: 'Grandfather', start: 3.2, end: 3.9 },
        { text: 'Toivo', start: 3.9, end: 4.4 },
        { text: 'held', start: 4.4, end: 4.8 },
        { text: 'the', start: 4.8, end: 5.0 },
        { text: 'oars.', start: 5.0, end: 5.6 },
      ],
    },
  ],
};

async function timingsOf(client: HttpClient, id: number) {
  const response = await client.get(`/api/recordings/${id}/timings`);
  return { status: response.status, body: response.status === 200 ? recordingTimingsViewSchema.parse(await response.json()) : null };
}

describe('GET /api/recordings/{id}/timings', () => {
  it('gives the owner the timings; a stranger gets 404 and no session 401', async () => {
    const recording = await seed.recording(ownerId, { transcription: text, transcriptTimings: timings });
    expect(await timingsOf(owner, recording.id)).toEqual({ status: 200, body: { recordingId: recording.id, pending: false, timings } });
    expect((await timingsOf(stranger, recording.id)).status).toBe(404);
    expect((await timingsOf(new HttpClient(server.url), recording.id)).status).toBe(401);
    expect((await timingsOf(owner, 999_999_999)).status).toBe(404);
  });

  it('says a transcript not yet timed is pending, and a recording not yet transcribed is not', async () => {
    const untimed = await seed.recording(ownerId, { transcription: text, transcriptTimings: null });
    expect((await timingsOf(owner, untimed.id)).body).toEqual({ recordingId: untimed.id, pending: true, timings: null });
    const waiting = await seed.recording(ownerId, { transcription: null, processingStatus: 'uploaded' });
    expect((await timingsOf(owner, waiting.id)).body).toEqual({ recordingId: waiting.id, pending: false, timings: null });
  });
});

describe('a hand correction keeps the timings', () => {
  it('keeps a corrected word where it was said and the other words where they were', async () => {
    const recording = await seed.recording(ownerId, { transcription: text, transcriptTimings: timings });
    const corrected = 'We rowed across the lake. Grandfather Taavi held the oars.';
    const saved = await owner.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription: corrected });
    expect(saved.status).toBe(200);

    const after = (await timingsOf(owner, recording.id)).body!.timings!;
    expect(after.source).toBe('words');
    expect(after.sentences.map((sentence) => sentence.text)).toEqual(['We rowed across the lake.', 'Grandfather Taavi held the oars.']);
    expect(after.sentences[1]).toMatchObject({ start: 3.2, end: 5.6 });
    expect(after.sentences[1].words![1]).toEqual({ text: 'Taavi', start: 3.9, end: 4.4 });
    expect(after.sentences[1].words![2]).toEqual({ text: 'held', start: 4.4, end: 4.8 });
    expect(after.sentences[0]).toEqual(timings.sentences[0]);

    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
    expect(row.transcription).toBe(corrected);
    expect(row.transcriptionEditedAt).not.toBeNull();
  });

  it('keeps a rewritten sentence’s span and drops a deleted one, in Finnish too', async () => {
    const finnish: TranscriptTimings = {
      source: 'aligned',
      sentences: [
        { text: 'Soudimme järven yli.', start: 0.4, end: 2.1 },
        { text: 'Ukki piti airoja.', start: 2.9, end: 4.6 },
        { text: 'Aurinko nousi.', start: 5.2, end: 6.3 },
      ],
    };
    const recording = await seed.recording(ownerId, {
      transcription: finnish.sentences.map((sentence) => sentence.text).join(' '),
      transcriptTimings: finnish,
      detectedLanguage: 'fi',
    });
    const corrected = 'Soudimme järven yli. Isoisä Toivo souti koko matkan itse.';
    expect((await owner.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription: corrected })).status).toBe(200);
    expect((await timingsOf(owner, recording.id)).body!.timings).toEqual({
      source: 'aligned',
      sentences: [finnish.sentences[0], { text: 'Isoisä Toivo souti koko matkan itse.', start: 2.9, end: 6.3 }],
    });
  });

  it('leaves a transcript that was never timed untimed (the background pass times it)', async () => {
    const recording = await seed.recording(ownerId, { transcription: text, transcriptTimings: null });
    expect((await owner.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription: 'Something else.' })).status).toBe(200);
    expect((await timingsOf(owner, recording.id)).body).toEqual({ recordingId: recording.id, pending: true, timings: null });
  });

  it('lets no stranger correct, nor retime, another person’s transcript', async () => {
    const recording = await seed.recording(ownerId, { transcription: text, transcriptTimings: timings });
    const refused = await stranger.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription: 'Mine now.' });
    expect(refused.status).toBe(404);
    expect((await timingsOf(owner, recording.id)).body!.timings).toEqual(timings);
  });
});
