import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { toneClip, truncatedCopy } from '../../test/support/broken-clips.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { people, recordingPeople, recordings, stories } from '../db/schema.ts';

// The upload path with no AI engine running: what is stored, what is refused, who sees what.
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let clips: { dir: string; remove: () => Promise<void> };
let jfkWebmFile: string;
const jfkWebm = () => readFileSync(jfkWebmFile);

const signUp = async (email: string) => (await signedUpClient(server.url, email)).client;

const upload = (client: HttpClient, bytes: Buffer, fields: Record<string, string> = {}, path = '/api/recordings') =>
  uploadForm(client, path, { appLanguage: 'en', duration: '11', ...fields }, { bytes, filename: `recording-${Date.now()}.webm` });

beforeAll(async () => {
  clips = await clipDir();
  jfkWebmFile = await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir);
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  owner = await signUp('owner@example.com');
  stranger = await signUp('stranger@example.com');
});
afterAll(async () => {
  await server?.close();
  await clips?.remove();
});

describe('POST /api/recordings', () => {
  it('stores the audio, commits the row and a new processing story before answering', async () => {
    const bytes = jfkWebm();
    const response = await upload(owner, bytes, { contextType: 'new_story', temperature: '0.7', tone: 'nostalgic' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      recording: { id: expect.any(Number), processingStatus: 'uploaded' },
      story: { id: expect.any(Number) },
      isContextOnly: false,
    });

    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, body.recording.id));
    expect(row.mimeType).toBe('audio/webm');
    expect(row.sizeBytes).toBe(bytes.length);
    // The server measured the real duration (the clip is 11 s), whatever the client said.
    expect(row.duration).toBeGreaterThan(10.5);
    expect(row.duration).toBeLessThan(11.5);
    expect(await server.store.size(row.audioKey)).toBe(bytes.length);

    const story = await (await owner.get(`/api/stories/${body.story.id}`)).json();
    expect(story).toMatchObject({ processingStatus: 'processing', title: 'Processing...', content: 'Your story is being generated...' });
    // No worker runs in this app: the recording waits, uploaded, for its transcription job.
    const status = await (await owner.get(`/api/recordings/${body.recording.id}/status`)).json();
    expect(status).toEqual({ id: body.recording.id, processingStatus: 'uploaded', transcriptionError: null });
  });

  it('takes every browser format, sniffed from the bytes whatever the name says', async () => {
    for (const [format, mime] of [
      ['ogg-opus', 'audio/ogg'],
      ['mp4-aac', 'audio/mp4'],
      ['mp3', 'audio/mpeg'],
      ['wav-44k-stereo', 'audio/wav'],
    ] as const) {
      const response = await upload(owner, readFileSync(await encodeClip(CLIPS.jfk, format, clips.dir)));
      expect(response.status, format).toBe(201);
      const { recording } = await response.json();
      const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
      expect(row.mimeType, format).toBe(mime);
    }
  });

  it('a recording about a new person is context only: no story, the person is created and linked', async () => {
    const response = await upload(owner, jfkWebm(), { contextType: 'person', contextName: 'Anna' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ story: null, isContextOnly: true });
    const links = await server.database.db
      .select({ id: people.id, name: people.name })
      .from(recordingPeople)
      .innerJoin(people, eq(people.id, recordingPeople.personId))
      .where(eq(recordingPeople.recordingId, body.recording.id));
    expect(links).toEqual([{ id: expect.any(Number), name: 'Anna' }]);
    // It is listed on Anna's page, like one recorded there.
    const listed = (await (await owner.get(`/api/people/${links[0].id}/recordings`)).json()) as { id: number }[];
    expect(listed.map((r) => r.id)).toEqual([body.recording.id]);
  });

  it('a take kept for later is stored in no story, linked to no one, and listed among the recordings without a story', async () => {
    const storiesBefore = await server.database.db.select({ id: stories.id }).from(stories);
    const response = await upload(owner, jfkWebm(), { contextType: 'unassigned' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ story: null, isContextOnly: true, recording: { processingStatus: 'uploaded' } });
    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, body.recording.id));
    expect(row.storyId).toBeNull();
    expect(await server.database.db.select({ id: stories.id }).from(stories)).toEqual(storiesBefore);
    expect(await server.database.db.select().from(recordingPeople).where(eq(recordingPeople.recordingId, row.id))).toEqual([]);

    const unassigned = (await (await owner.get('/api/recordings?unassigned=true')).json()) as { id: number }[];
    expect(unassigned.map((r) => r.id)).toContain(row.id);
    const strangers = (await (await stranger.get('/api/recordings?unassigned=true')).json()) as { id: number }[];
    expect(strangers.map((r) => r.id)).not.toContain(row.id);
  });

  it('a recording added to a written story marks it as having new recordings', async () => {
    const first = await (await upload(owner, jfkWebm())).json();
    await server.database.db.update(stories).set({ processingStatus: 'generated' }).where(eq(stories.id, first.story.id));
    const second = await upload(owner, jfkWebm(), {}, `/api/stories/${first.story.id}/recordings`);
    expect(second.status).toBe(201);
    expect((await second.json()).story).toEqual({ id: first.story.id });
    const story = await (await owner.get(`/api/stories/${first.story.id}`)).json();
    expect(story.hasNewRecordings).toBe(true);
    const rows = await server.database.db.select().from(recordings).where(eq(recordings.storyId, first.story.id));
    expect(rows.map((r) => r.orderIndex).sort()).toEqual([0, 1]);
  });

  it.each([
    ['a text file named .webm', async () => Buffer.from('this is not audio at all, just words in a file'), 400, 'unprocessable_audio'],
    ['an empty file', async () => Buffer.alloc(0), 400, 'unprocessable_audio'],
    ['a webm cut off inside its header', async () => readFileSync(truncatedCopy(jfkWebmFile, 0.001, clips.dir)), 400, 'unprocessable_audio'],
    ['a webm cut off after a fraction of a second', async () => readFileSync(truncatedCopy(jfkWebmFile, 0.02, clips.dir)), 400, 'too_short'],
    ['a 0.5 s clip', async () => readFileSync(await toneClip(0.5, clips.dir)), 400, 'too_short'],
  ])('refuses %s with a clear message and stores nothing', async (_name, bytes, status, code) => {
    const before = await server.database.db.select().from(recordings);
    const response = await upload(owner, await bytes());
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.code).toBe(code);
    expect(body.message).toMatch(code === 'too_short' ? /at least 1 second/ : /Unable to process the audio/);
    expect(await server.database.db.select().from(recordings)).toHaveLength(before.length);
  });

  it('refuses an upload over the size limit with the catalogue\'s "too large" and keeps serving', async () => {
    const limited = await startTestApp();
    try {
      const client = new HttpClient(limited.url);
      await client.post('/api/auth/local/sign-up', { email: 'big@example.com', password: 'long enough password', firstName: 'B' });
      await client.post('/api/auth/local/sign-in', { email: 'big@example.com', password: 'long enough password' });
      const huge = Buffer.concat([jfkWebm(), Buffer.alloc(61 * 1024 * 1024)]);
      const response = await upload(client, huge);
      expect(response.status).toBe(413);
      expect((await response.json()).message).toMatch(/too large/);
      expect((await client.get('/api/auth/user')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('needs a session, an audio part, and known context types', async () => {
    expect((await upload(new HttpClient(server.url), jfkWebm())).status).toBe(401);
    const noAudio = await uploadForm(owner, '/api/recordings', { appLanguage: 'en' });
    expect(noAudio.status).toBe(400);
    expect(await noAudio.json()).toMatchObject({ field: 'audio' });
    const badContext = await upload(owner, jfkWebm(), { contextType: 'chapter' });
    expect(badContext.status).toBe(400);
    expect(await badContext.json()).toMatchObject({ field: 'contextType' });
  });
});

describe('a recording for a story named in the form', () => {
  it('joins the story when it is the uploader\'s own, and is refused as not found when it is someone else\'s', async () => {
    const { story } = await (await upload(owner, jfkWebm())).json();
    const joined = await upload(owner, jfkWebm(), { contextType: 'story', contextId: String(story.id) });
    expect(joined.status).toBe(201);
    expect((await joined.json()).story).toEqual({ id: story.id });
    const refused = await upload(stranger, jfkWebm(), { contextType: 'story', contextId: String(story.id) });
    expect(refused.status).toBe(404);
    const rows = await server.database.db.select().from(recordings).where(eq(recordings.storyId, story.id));
    expect(rows.map((r) => r.orderIndex).sort()).toEqual([0, 1]);
  });
});

describe('another user', () => {
  // Every route is covered by the test generated from the route table
  // (server/access/route-table.api.test.ts); this one sends a real upload.
  it("cannot upload into someone else's story, with a real multipart body", async () => {
    const { recording, story } = await (await upload(owner, jfkWebm())).json();
    const upload404 = await upload(stranger, jfkWebm(), {}, `/api/stories/${story.id}/recordings`);
    expect(upload404.status).toBe(404);
    const rows = await server.database.db.select().from(recordings).where(eq(recordings.storyId, story.id));
    expect(rows.map((r) => r.id)).toEqual([recording.id]);
  });
});

describe('GET /api/recordings/{id}/audio', () => {
  it('serves the audio with range requests for seeking', async () => {
    const bytes = jfkWebm();
    const { recording } = await (await upload(owner, bytes)).json();
    const whole = await owner.get(`/api/recordings/${recording.id}/audio`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await owner.get(`/api/recordings/${recording.id}/audio`, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const outside = await owner.get(`/api/recordings/${recording.id}/audio`, { range: `bytes=${bytes.length + 10}-` });
    expect(outside.status).toBe(416);
  });

  it('serves it with the type sniffed at upload, as a download that never renders as a page', async () => {
    // Named and labelled as a page, but the bytes are webm audio.
    const sent = await uploadForm(owner, '/api/recordings', { appLanguage: 'en' }, { bytes: jfkWebm(), filename: 'page.html', type: 'text/html' });
    expect(sent.status).toBe(201);
    const { recording } = await sent.json();
    const response = await owner.get(`/api/recordings/${recording.id}/audio`);
    expect(response.headers.get('content-type')).toBe('audio/webm');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="recording-${recording.id}.webm"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await response.arrayBuffer()).byteLength).toBe(jfkWebm().length);
  });
});

describe('editing and removing', () => {
  it('edits the transcription, reports pending recordings, and deletes a recording with its audio', async () => {
    const { recording, story } = await (await upload(owner, jfkWebm())).json();
    const edited = await owner.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription: 'Ask not.' });
    expect((await edited.json()).transcription).toBe('Ask not.');

    const pending = await (await owner.get(`/api/stories/${story.id}/pending-recordings`)).json();
    expect(pending).toEqual({ hasPendingRecordings: true, pendingCount: 1 });
    await server.database.db.update(recordings).set({ processingStatus: 'transcribed' }).where(eq(recordings.id, recording.id));
    const done = await (await owner.get(`/api/stories/${story.id}/pending-recordings`)).json();
    expect(done).toEqual({ hasPendingRecordings: false, pendingCount: 0 });

    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
    expect((await owner.request('DELETE', `/api/recordings/${recording.id}`)).status).toBe(204);
    expect((await owner.get(`/api/recordings/${recording.id}`)).status).toBe(404);
    expect(await server.store.size(row.audioKey)).toBeNull();
  });

  it('deletes stuck recordings of a story and counts them', async () => {
    const { recording, story } = await (await upload(owner, jfkWebm())).json();
    await server.database.db
      .update(recordings)
      .set({ processingStatus: 'transcribing', updatedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(recordings.id, recording.id));
    const response = await owner.request('DELETE', `/api/stories/${story.id}/delete-stuck-recordings`);
    expect(await response.json()).toEqual({ deletedCount: 1 });
  });
});
