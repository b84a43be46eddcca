import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledRecording, settledStory, waitFor } from '../../test/support/pipeline.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { type FakeOpenAi, type Refusal, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { people, recordings } from '../db/schema.ts';
import { sameWords } from '../voice/sentences.ts';
import { transcribeRecordingJob } from './transcribe-recording-job.ts';

// Upload to written story through the `openai` adapter, against a local server that
// speaks the OpenAI API and checks what it is sent. The VAD runs for real.
const JFK = clipTranscript(CLIPS.jfk);
const FINNISH = clipTranscript(CLIPS.finnish);
/** How long background work may take before a test gives up. */
const SETTLED = 30_000;
/** A story's writing, not the follow-up questions asked after a story is written. */
const storyWriting = (request: { json?: any }) => request.json?.response_format?.json_schema?.name === 'story';
const ASK_NOT = { title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' };

let fake: FakeOpenAi;
let server: TestApp;
let client: HttpClient;
let userId: string;
let clips: { dir: string; remove: () => Promise<void> };
let jfkWebm: Buffer;
let finnishWebm: Buffer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
  jfkWebm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  finnishWebm = readFileSync(await encodeClip(CLIPS.finnish, 'webm-opus', clips.dir));
  const engines = fakeOpenAiEngines(fake);
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines });
  ({ client, id: userId } = await signedUpClient(server.url, 'kennedy@example.com'));
});
/** The refusals a test provokes on purpose; any other refusal fails it. */
let expectedRefusals: Refusal[] = [];
const refusals = (count: number, refusal: Omit<Refusal, 'asked'>): Refusal[] => Array.from({ length: count }, () => ({ ...refusal, asked: true }));
afterEach(() => {
  const refused = [...fake.refused];
  const expected = expectedRefusals;
  expectedRefusals = [];
  fake.reset();
  expect(refused).toEqual(expected);
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await clips?.remove();
});

const upload = (bytes: Buffer, fields: Record<string, string>) =>
  uploadForm(client, '/api/recordings', { contextType: 'new_story', ...fields }, { bytes, filename: `recording-${Date.now()}.webm` });

describe('record to story with the openai adapter', () => {
  it('transcribes in the user\'s language with their names as hints, and writes a grounded story', async () => {
    await server.database.db.insert(people).values({ userId, name: 'Jacqueline', language: 'en' });
    fake.setTranscript(JFK);
    fake.setChatReply({
      title: 'What I Can Do for My Country',
      content: 'I told my fellow Americans to ask not what their country can do for them, but what they can do for their country.',
      people: ['Jacqueline', 'Lyndon'],
      locations: ['Dallas'],
      dates: ['1961'],
      storyType: 'personal note',
    });

    const response = await upload(jfkWebm, { appLanguage: 'en', transcriptionModel: 'gpt-4o-mini-transcribe', temperature: '0.7', tone: 'inspirational' });
    expect(response.status).toBe(201);
    const { recording, story } = await response.json();

    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed', transcriptionError: null });
    const written = await settledStory(client, story.id, SETTLED);
    expect(written).toMatchObject({ processingStatus: 'generated', title: 'What I Can Do for My Country', language: 'en', hasNewRecordings: false });
    expect(written.content).toContain('country');
    // Names and dates the speaker never said are gone from the metadata.
    expect(written.metadata).toEqual({ people: [], locations: [], dates: [], storyType: 'personal note' });

    const [transcription] = fake.requestsTo('transcriptions');
    expect(transcription.fields).toMatchObject({ model: 'gpt-4o-mini-transcribe', language: 'en' });
    expect(transcription.fields?.prompt).toContain('Jacqueline');
    const [chat] = fake.requestsTo('chat');
    expect(chat.json.model).toBe('gpt-5');
    expect(JSON.stringify(chat.json.messages)).toContain('ask not what your country can do for you');

    const full = await (await client.get(`/api/recordings/${recording.id}`)).json();
    expect(full.transcription).toBe(JFK);
  });

  it('writes a Finnish story from a Finnish recording', async () => {
    fake.setTranscript({ text: FINNISH, language: 'fi' });
    fake.setChatReply({
      title: 'Kesät Tampereen lähellä',
      content: 'Kasvoin maatilalla Tampereen lähellä siskoni Annan kanssa, ja joka kesä uimme järvessä.',
      people: ['Anna'],
      locations: ['Tampere'],
      dates: [],
      storyType: 'childhood',
    });
    const { recording, story } = await (await upload(finnishWebm, { appLanguage: 'fi' })).json();
    await settledRecording(client, recording.id, SETTLED);
    const written = await settledStory(client, story.id, SETTLED);
    expect(written).toMatchObject({ processingStatus: 'generated', language: 'fi', title: 'Kesät Tampereen lähellä' });
    expect(written.metadata).toMatchObject({ people: ['Anna'], locations: ['Tampere'], storyType: 'childhood' });
    expect(fake.requestsTo('transcriptions')[0].fields?.language).toBe('fi');
  });
});

describe('regeneration', () => {
  it('rewrites a written story in another style, point of view and language', async () => {
    fake.setTranscript(JFK);
    fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
    const { story } = await (await upload(jfkWebm, { appLanguage: 'en' })).json();
    await settledStory(client, story.id, SETTLED);

    fake.setChatReply({ title: 'Kysy, mitä voit tehdä', content: 'Hän pyysi kysymään, mitä voimme tehdä maamme puolesta (country).', people: [], locations: [], dates: [], storyType: 'other' });
    const response = await client.post(`/api/stories/${story.id}/regenerate`, { style: 'clear_narrative', pointOfView: 'third', language: 'fi' });
    expect((await response.json()).processingStatus).toBe('processing');
    await expect.poll(async () => (await (await client.get(`/api/stories/${story.id}`)).json()).processingStatus, { timeout: SETTLED }).toBe('generated');
    const rewritten = await (await client.get(`/api/stories/${story.id}`)).json();
    expect(rewritten).toMatchObject({ title: 'Kysy, mitä voit tehdä', storyStyle: 'clear_narrative', pointOfView: 'third', language: 'fi' });
    // The story's requests: a written story's follow-up questions are asked for after it.
    const rewrite = fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name !== 'follow_up_questions').at(-1)!;
    expect(JSON.stringify(rewrite.json.messages)).toContain('Ask what you can do for your country.');
  });

  it('a rewrite that fails leaves the story as it was', async () => {
    fake.setTranscript(JFK);
    fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
    const { story } = await (await upload(jfkWebm, { appLanguage: 'en' })).json();
    await settledStory(client, story.id, SETTLED);
    fake.fail('chat', 401, 'invalid_api_key', { matches: storyWriting });
    expectedRefusals = refusals(1, { endpoint: 'chat', status: 401, code: 'invalid_api_key' });
    await client.post(`/api/stories/${story.id}/regenerate`, { style: 'analytical_architect' });
    await expect.poll(async () => (await (await client.get(`/api/stories/${story.id}`)).json()).processingStatus, { timeout: SETTLED }).toBe('generated');
    expect(await (await client.get(`/api/stories/${story.id}`)).json()).toMatchObject({ title: 'Ask Not', content: 'Ask what you can do for your country.' });
  });
});

describe('every browser format', () => {
  it.each(['wav', 'ogg-opus', 'mp4-aac', 'mp3'] as const)('%s goes all the way to a written story', async (format) => {
    fake.setTranscript(JFK);
    fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
    const bytes = format === 'wav' ? readFileSync(CLIPS.jfk) : readFileSync(await encodeClip(CLIPS.jfk, format, clips.dir));
    const { recording, story } = await (await upload(bytes, { appLanguage: 'en' })).json();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect(await settledStory(client, story.id, SETTLED)).toMatchObject({ processingStatus: 'generated', title: 'Ask Not' });
  });
});

describe('failures keep the audio and say what happened in the catalogue\'s words', () => {
  it.each([
    [429, 'insufficient_quota', 'AI transcription service quota exceeded.'],
    [401, 'invalid_api_key', 'AI service authentication failed.'],
  ])('a %i from the transcription service', async (status, code, message) => {
    fake.fail('transcriptions', status, code);
    expectedRefusals = refusals(1, { endpoint: 'transcriptions', status, code });
    const { recording } = await (await upload(jfkWebm, { appLanguage: 'en' })).json();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'failed', transcriptionError: message });
    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
    expect(await server.store.size(row.audioKey)).toBe(jfkWebm.length);
  });

  it('re-transcription later succeeds on the kept audio', async () => {
    fake.fail('transcriptions', 429, 'insufficient_quota');
    expectedRefusals = refusals(1, { endpoint: 'transcriptions', status: 429, code: 'insufficient_quota' });
    const { recording, story } = await (await upload(jfkWebm, { appLanguage: 'en' })).json();
    await settledRecording(client, recording.id, SETTLED);
    fake.setTranscript(JFK);
    fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
    await client.post(`/api/recordings/${recording.id}/retranscribe`);
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    await expect.poll(async () => (await (await client.get(`/api/stories/${story.id}`)).json()).processingStatus, { timeout: SETTLED }).toBe('generated');
    expect((await (await client.get(`/api/stories/${story.id}`)).json()).title).toBe('Ask Not');
  });

  it('a typed title is the person\'s: the writer never replaces it, not on writing, regenerating or in a draft', async () => {
    fake.setTranscript(JFK);
    fake.setChatReply({ title: 'A Title of Its Own', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
    const { story } = await (await upload(jfkWebm, { appLanguage: 'en', contextName: 'Inauguration day' })).json();
    expect((await (await client.get(`/api/stories/${story.id}`)).json()).title).toBe('Inauguration day');
    const other = (await (await upload(jfkWebm, { appLanguage: 'en', contextName: 'The cold morning' })).json()).story;
    expect(await settledStory(client, story.id, SETTLED)).toMatchObject({
      processingStatus: 'generated', title: 'Inauguration day', titleEditedByHand: true, content: 'Ask what you can do for your country.',
    });
    expect(await settledStory(client, other.id, SETTLED)).toMatchObject({ processingStatus: 'generated', title: 'The cold morning' });

    // Regenerating keeps it; only the person's explicit yes lets the writer title it.
    await client.post(`/api/stories/${story.id}/regenerate`, { style: 'auto' });
    await waitFor(() => client.get(`/api/stories/${story.id}`).then((r) => r.json()), (s) => s.processingStatus === 'generated', SETTLED);
    expect((await (await client.get(`/api/stories/${story.id}`)).json()).title).toBe('Inauguration day');
    await client.post(`/api/stories/${story.id}/regenerate`, { style: 'auto', replaceEdited: true });
    await waitFor(() => client.get(`/api/stories/${story.id}`).then((r) => r.json()), (s) => s.processingStatus === 'generated', SETTLED);
    expect(await (await client.get(`/api/stories/${story.id}`)).json()).toMatchObject({ title: 'A Title of Its Own', titleEditedByHand: false });

    fake.fail('chat', 401, 'invalid_api_key', { matches: storyWriting });
    expectedRefusals = refusals(1, { endpoint: 'chat', status: 401, code: 'invalid_api_key' });
    const second = (await (await upload(jfkWebm, { appLanguage: 'en', contextName: 'Inauguration day' })).json()).story;
    expect(await settledStory(client, second.id, SETTLED)).toMatchObject({ processingStatus: 'draft', title: 'Inauguration day', content: JFK });
  });

  it('without a typed title the writer titles the story', async () => {
    fake.setTranscript(JFK);
    fake.setChatReply({ title: 'A Title of Its Own', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
    const { story } = await (await upload(jfkWebm, { appLanguage: 'en', contextName: '  ' })).json();
    expect(await settledStory(client, story.id, SETTLED)).toMatchObject({ processingStatus: 'generated', title: 'A Title of Its Own', titleEditedByHand: false });
  });

  it('when the writer fails for good the story keeps the transcript as a draft', async () => {
    fake.setTranscript(JFK);
    fake.fail('chat', 401, 'invalid_api_key', { matches: storyWriting });
    expectedRefusals = refusals(1, { endpoint: 'chat', status: 401, code: 'invalid_api_key' });
    const { recording, story } = await (await upload(jfkWebm, { appLanguage: 'en' })).json();
    await settledRecording(client, recording.id, SETTLED);
    const draft = await settledStory(client, story.id, SETTLED);
    expect(draft).toMatchObject({ processingStatus: 'draft', content: JFK });
    expect(draft.title).toBe('And so my fellow Americans, ask');
  });
});

describe('where each sentence was said', () => {
  const storedTimings = async (id: number) =>
    (await server.database.db.select({ timings: recordings.transcriptTimings }).from(recordings).where(eq(recordings.id, id)))[0]!.timings;

  it('a whisper-1 transcript is stored with the engine\'s word times, which the owner can read', async () => {
    fake.setTranscript({ text: JFK, language: 'en', segments: [{ start: 0.32, end: 4.41, text: 'And so my fellow Americans,' }, { start: 5.38, end: 10.62, text: 'ask not what your country can do for you, ask what you can do for your country.' }] });
    fake.setChatReply(ASK_NOT);
    const { recording, story } = await (await upload(jfkWebm, { appLanguage: 'en', transcriptionModel: 'whisper-1' })).json();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect(fake.requestsTo('transcriptions')[0]!.fieldValues!['timestamp_granularities[]']).toEqual(['word', 'segment']);

    const timings = (await storedTimings(recording.id))!;
    expect(timings.source).toBe('words');
    expect(sameWords(timings, JFK)).toBe(true);
    const words = timings.sentences.flatMap((s) => s.words!);
    expect(words[0]).toMatchObject({ text: 'And', start: 0.32 });
    expect(words.find((w) => w.text === 'ask')!.start).toBeCloseTo(5.38, 2);
    const view = await (await client.get(`/api/recordings/${recording.id}/timings`)).json();
    expect(view).toEqual({ recordingId: recording.id, pending: false, timings });
    await settledStory(client, story.id, SETTLED);
  });

  it('a gpt-4o-transcribe transcript, which has no times, is stored aligned to the speech', async () => {
    fake.setTranscript(JFK);
    fake.setChatReply(ASK_NOT);
    const { recording, story } = await (await upload(jfkWebm, { appLanguage: 'en', transcriptionModel: 'gpt-4o-transcribe' })).json();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect(fake.requestsTo('transcriptions')[0]!.fields).toMatchObject({ model: 'gpt-4o-transcribe', response_format: 'json' });
    const timings = (await storedTimings(recording.id))!;
    expect(timings.source).toBe('aligned');
    expect(sameWords(timings, JFK)).toBe(true);
    // jfk.wav's speech: 0.32 to 10.62 s.
    expect(timings.sentences[0]!.start).toBeCloseTo(0.32, 0);
    expect(timings.sentences.at(-1)!.end).toBeCloseTo(10.62, 0);
    await settledStory(client, story.id, SETTLED);
  });

  it('a correction saved while the transcriber works keeps its own timings, not the new transcript\'s', async () => {
    fake.setTranscript(JFK);
    fake.setChatReply(ASK_NOT);
    const { recording, story } = await (await upload(jfkWebm, { appLanguage: 'en', transcriptionModel: 'whisper-1' })).json();
    await settledRecording(client, recording.id, SETTLED);
    await settledStory(client, story.id, SETTLED);
    const correct = (transcription: string) => client.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription });
    expect((await correct('Ask not what your country can do for you, I said.')).status).toBe(200);
    const kept = await storedTimings(recording.id);

    fake.setTranscript('The transcriber heard brand new words this time.');
    const held = fake.hold('transcriptions');
    await client.post(`/api/recordings/${recording.id}/retranscribe`, { replaceCorrected: true });
    await waitFor(async () => held.waiting, (n) => n === 1, SETTLED);
    expect((await correct('Corrected again while it ran.')).status).toBe(200);
    const keptAgain = await storedTimings(recording.id);
    held.release();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
    expect(row!.transcription).toBe('Corrected again while it ran.');
    expect(kept).not.toBeNull();
    expect(row!.transcriptTimings).toEqual(keptAgain);
    expect(JSON.stringify(row!.transcriptTimings)).not.toContain('brand new');
    await waitFor(() => client.get(`/api/stories/${story.id}`).then((r) => r.json()), (s) => s.processingStatus !== 'processing', SETTLED);
  });
});

describe('retries happen in one place, as the job\'s policy says', () => {
  it('a lasting server error costs exactly the calls of the policy, then the recording fails', async () => {
    const calls = transcribeRecordingJob.retry.retries + 1;
    fake.fail('transcriptions', 500, undefined, { times: 100 });
    expectedRefusals = refusals(calls, { endpoint: 'transcriptions', status: 500, code: null });
    const { recording } = await (await upload(jfkWebm, { appLanguage: 'en' })).json();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({
      processingStatus: 'failed',
      transcriptionError: 'AI transcription service is temporarily unavailable.',
    });
    expect(fake.requestsTo('transcriptions')).toHaveLength(calls);
  });

  it('a rate limit waits as long as Retry-After says without spending a retry', async () => {
    const waits = transcribeRecordingJob.retry.retries + 2; // more waits than the policy has retries
    // In milliseconds (retry-after-ms), so the five waits take a quarter of a second, not five.
    fake.fail('transcriptions', 429, 'rate_limit_exceeded', { times: waits, retryAfterMs: 50 });
    expectedRefusals = refusals(waits, { endpoint: 'transcriptions', status: 429, code: 'rate_limit_exceeded' });
    fake.setTranscript(JFK);
    fake.setChatReply(ASK_NOT);
    const { recording, story } = await (await upload(jfkWebm, { appLanguage: 'en' })).json();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect(fake.requestsTo('transcriptions').map((r) => r.status)).toEqual([...Array(waits).fill(429), 200]);
    expect(await settledStory(client, story.id, SETTLED)).toMatchObject({ processingStatus: 'generated', title: 'Ask Not' });
  });
});

describe('fair shares of the workers', () => {
  it('one user\'s slow transcriptions do not keep another user\'s story waiting', async () => {
    const held = fake.hold('transcriptions', (r) => r.fields?.language === 'fi');
    fake.setTranscript((r) => (r.fields?.language === 'fi' ? { text: FINNISH, language: 'fi' } : JFK));
    fake.setChatReply(ASK_NOT);
    const slow = [
      (await (await upload(finnishWebm, { appLanguage: 'fi' })).json()).recording.id,
      (await (await upload(finnishWebm, { appLanguage: 'fi' })).json()).recording.id,
    ];
    await waitFor(async () => held.waiting, (n) => n === 1, SETTLED);

    const other = (await signedUpClient(server.url, 'lyndon@example.com')).client;
    const quick = await (await uploadForm(other, '/api/recordings', { contextType: 'new_story', appLanguage: 'en' }, { bytes: jfkWebm, filename: 'quick.webm' })).json();
    expect(await settledStory(other, quick.story.id, SETTLED)).toMatchObject({ processingStatus: 'generated', title: 'Ask Not' });

    // Meanwhile the first user's recordings still wait, one at the provider and one for its turn.
    expect(held.waiting).toBe(1);
    for (const id of slow) expect((await (await client.get(`/api/recordings/${id}/status`)).json()).processingStatus).toMatch(/^(uploaded|transcribing)$/);
    held.release();
    for (const id of slow) expect(await settledRecording(client, id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
  });
});
