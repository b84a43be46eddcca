import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledRecording, settledStory, waitFor } from '../../test/support/pipeline.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { type FakeOpenAi, type Refusal, startFakeOpenAi } from '../../test/fakes/openai-server.ts';

// What the person typed outlives the AI: hand-edited titles, story texts and transcripts,
// through the real server and jobs, with a local server speaking the OpenAI API.
const JFK = clipTranscript(CLIPS.jfk);
/** How long background work may take before a test gives up. */
const SETTLED = 30_000;
const reply = (title: string, content: string) => ({ title, content, people: [], locations: [], dates: [], storyType: 'other' });
const FIRST = reply('Ask Not', 'Ask what you can do for your country.');

let fake: FakeOpenAi;
let server: TestApp;
let client: HttpClient;
let clips: { dir: string; remove: () => Promise<void> };
let jfkWebm: Buffer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
  jfkWebm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  ({ client } = await signedUpClient(server.url, 'aino@example.com'));
});
/** The refusals a test provokes on purpose; any other refusal fails it. */
let expectedRefusals: Refusal[] = [];
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

const upload = (path = '/api/recordings') =>
  uploadForm(client, path, { contextType: 'new_story', appLanguage: 'en' }, { bytes: jfkWebm, filename: `recording-${Date.now()}.webm` });
const readStory = async (id: number) => (await client.get(`/api/stories/${id}`)).json();
const readRecording = async (id: number) => (await client.get(`/api/recordings/${id}`)).json();
const storyWith = (id: number, status: string) => waitFor(() => readStory(id), (s) => s.processingStatus === status, SETTLED);
const patchStory = (id: number, body: object) => client.request('PATCH', `/api/stories/${id}`, body);
const correct = (id: number, transcription: string) => client.request('PATCH', `/api/recordings/${id}/transcription`, { transcription });

/** A story written from one recording: "Ask Not". */
async function writtenStory(): Promise<{ storyId: number; recordingId: number }> {
  fake.setTranscript(JFK);
  fake.setChatReply(FIRST);
  const { story, recording } = await (await upload()).json();
  expect(await settledStory(client, story.id, SETTLED)).toMatchObject({ processingStatus: 'generated', title: 'Ask Not' });
  return { storyId: story.id, recordingId: recording.id };
}

describe('a title or text edited by hand outlives the writer', () => {
  it('a hand edit is marked in the story', async () => {
    const { storyId } = await writtenStory();
    expect(await readStory(storyId)).toMatchObject({ titleEditedByHand: false, contentEditedByHand: false });
    expect(await (await patchStory(storyId, { title: 'Inauguration day' })).json()).toMatchObject({ titleEditedByHand: true, contentEditedByHand: false });
    expect(await (await patchStory(storyId, { content: 'I said it in the cold.' })).json()).toMatchObject({ titleEditedByHand: true, contentEditedByHand: true });
    // Other fields are not words the person typed into the story.
    await patchStory(storyId, { storyStyle: 'clear_narrative' });
    const list = (await (await client.get('/api/stories')).json()) as { id: number; titleEditedByHand: boolean }[];
    expect(list.find((s) => s.id === storyId)).toMatchObject({ titleEditedByHand: true, contentEditedByHand: true });
  });

  it('a recording added to a draft: the hand-edited title stays, the text is written from both', async () => {
    fake.setTranscript(JFK);
    // The story's writing fails, not follow-up questions a story written before may still be asking.
    fake.fail('chat', 401, 'invalid_api_key', { matches: (request) => request.json?.response_format?.json_schema?.name === 'story' });
    expectedRefusals = [{ endpoint: 'chat', status: 401, code: 'invalid_api_key', asked: true }];
    const { story } = await (await upload()).json();
    expect(await settledStory(client, story.id, SETTLED)).toMatchObject({ processingStatus: 'draft', content: JFK });
    await patchStory(story.id, { title: 'Grandfather’s speech' });

    fake.setChatReply(reply('Two Speeches', 'He asked twice what we could do for our country.'));
    const added = await upload(`/api/stories/${story.id}/recordings`);
    expect(added.status).toBe(201);
    const written = await storyWith(story.id, 'generated');
    expect(written).toMatchObject({
      title: 'Grandfather’s speech',
      titleEditedByHand: true,
      content: 'He asked twice what we could do for our country.',
      contentEditedByHand: false,
    });
    // Both recordings went to the writer.
    // The story's requests: a written story's follow-up questions are asked for after it.
    expect(JSON.stringify(fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name !== 'follow_up_questions').at(-1)!.json.messages).split('ask not what your country').length - 1).toBe(2);
  });

  it('regenerating with nothing new keeps the hand-edited text and its badges, and takes the new title', async () => {
    const { storyId } = await writtenStory();
    await patchStory(storyId, { content: 'My own words about that day.' });
    // A name the recording says (grounding keeps it), in a text that is not taken.
    fake.setChatReply({ ...reply('A New Title', 'A new text the writer made about my fellow Americans.'), people: ['Americans'] });
    const started = await client.post(`/api/stories/${storyId}/regenerate`, { style: 'clear_narrative' });
    expect(started.status).toBe(200);
    const story = await storyWith(storyId, 'generated');
    expect(story).toMatchObject({
      title: 'A New Title',
      titleEditedByHand: false,
      content: 'My own words about that day.',
      contentEditedByHand: true,
      storyStyle: 'clear_narrative',
    });
    // The badges of a text that was not taken are not taken either.
    expect(story.metadata.people).not.toContain('Americans');
  });

  it('regenerating with replaceEdited replaces both and clears the marks', async () => {
    const { storyId } = await writtenStory();
    await patchStory(storyId, { title: 'My title' });
    await patchStory(storyId, { content: 'My text.' });
    fake.setChatReply(reply('A New Title', 'A new text the writer made.'));
    await client.post(`/api/stories/${storyId}/regenerate`, { style: 'auto', replaceEdited: true });
    expect(await storyWith(storyId, 'generated')).toMatchObject({
      title: 'A New Title',
      content: 'A new text the writer made.',
      titleEditedByHand: false,
      contentEditedByHand: false,
    });
  });

  it('refuses a replaceEdited that is not true or false', async () => {
    const { storyId } = await writtenStory();
    const response = await client.post(`/api/stories/${storyId}/regenerate`, { replaceEdited: 'yes' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation', field: 'replaceEdited' });
  });
});

describe('a new recording reaches a story whose text was edited by hand', () => {
  const MINE = 'I wrote this myself, every word of it.\n\nThe second paragraph is mine too. It has two sentences.';
  const NEW = 'My sister Anna baked rye bread in Tampere.';
  const additions = (paragraphs: { after: number | null; text: string }[]) => ({
    title: 'A Writer Title', paragraphs, people: ['Anna', 'Uncle Bob'], locations: ['Tampere'], dates: ['1950'],
  });
  const storyRequests = () => fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name !== 'follow_up_questions');

  /** A written story whose text the person rewrote, with a recording added since (the banner shows). */
  async function editedStoryWithNewRecording(): Promise<number> {
    const { storyId } = await writtenStory();
    await patchStory(storyId, { content: MINE });
    fake.setTranscript(NEW);
    const { recording } = await (await upload(`/api/stories/${storyId}/recordings`)).json();
    expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect(await readStory(storyId)).toMatchObject({ hasNewRecordings: true, content: MINE });
    return storyId;
  }

  it('keeps every sentence word for word and adds the new recording as a new paragraph, with only its names', async () => {
    const storyId = await editedStoryWithNewRecording();
    fake.setChatReply((request) =>
      request.schemaName === 'story_additions'
        ? additions([{ after: 1, text: NEW }, { after: 2, text: 'The second paragraph is mine too.' }])
        : { questions: [] });
    await client.post(`/api/stories/${storyId}/regenerate`, { style: 'auto' });
    const story = await storyWith(storyId, 'generated');

    for (const sentence of MINE.split(/(?<=\.)\s+/)) expect(story.content).toContain(sentence);
    // Mine, then the new paragraph after my first one; the model's copy of my paragraph is not added twice.
    expect(story.content).toBe(`I wrote this myself, every word of it.\n\n${NEW}\n\nThe second paragraph is mine too. It has two sentences.`);
    expect(story).toMatchObject({ contentEditedByHand: true, hasNewRecordings: false, title: 'A Writer Title' });
    // Badges only for what the new text says and the recordings said: Anna and Tampere, not the made-up Bob or 1950.
    expect(story.metadata.people).toContain('Anna');
    expect(story.metadata.people).not.toContain('Uncle Bob');
    expect(story.metadata.locations).toContain('Tampere');
    expect(story.metadata.dates).not.toContain('1950');

    // The writer was given my text as fixed, and the new recording as new.
    const sent = storyRequests().at(-1)!;
    expect(sent.json.response_format.json_schema.name).toBe('story_additions');
    const user = sent.json.messages.find((m: { role: string }) => m.role === 'user').content as string;
    expect(user).toContain('FIXED');
    expect(user).toContain('[1] I wrote this myself, every word of it.');
    expect(user).toContain('[2] The second paragraph is mine too. It has two sentences.');
    expect(user.slice(user.indexOf('New recordings'))).toContain(NEW);
  });

  it('a hand-edited title stays while the new paragraph is added', async () => {
    const storyId = await editedStoryWithNewRecording();
    await patchStory(storyId, { title: 'My own title' });
    fake.setChatReply((request) => (request.schemaName === 'story_additions' ? additions([{ after: null, text: NEW }]) : { questions: [] }));
    await client.post(`/api/stories/${storyId}/regenerate`, { style: 'auto' });
    expect(await storyWith(storyId, 'generated')).toMatchObject({ title: 'My own title', content: `${MINE}\n\n${NEW}`, hasNewRecordings: false });
  });

  it('a failing writer leaves the text as it is and the banner up', async () => {
    const storyId = await editedStoryWithNewRecording();
    fake.fail('chat', 401, 'invalid_api_key', { matches: (request) => request.json?.response_format?.json_schema?.name === 'story_additions' });
    expectedRefusals = [{ endpoint: 'chat', status: 401, code: 'invalid_api_key', asked: true }];
    await client.post(`/api/stories/${storyId}/regenerate`, { style: 'auto' });
    expect(await storyWith(storyId, 'generated')).toMatchObject({ content: MINE, contentEditedByHand: true, hasNewRecordings: true });
  });

  it('a writer that adds nothing usable leaves the text and the banner', async () => {
    const storyId = await editedStoryWithNewRecording();
    // Only a copy of my own paragraph: nothing new.
    fake.setChatReply((request) =>
      request.schemaName === 'story_additions' ? additions([{ after: null, text: 'I wrote this myself, every word of it.' }]) : { questions: [] });
    await client.post(`/api/stories/${storyId}/regenerate`, { style: 'auto' });
    await waitFor(() => Promise.resolve(storyRequests().length), (n) => n >= 2, SETTLED);
    expect(await storyWith(storyId, 'generated')).toMatchObject({ content: MINE, hasNewRecordings: true });
    expect(storyRequests().map((r) => r.json.response_format.json_schema.name)).toEqual(['story', 'story_additions']);
  });
});

describe('an edit saved while the writer works is kept', () => {
  it('a title typed while a new story is being written', async () => {
    fake.setTranscript(JFK);
    fake.setChatReply(FIRST);
    const held = fake.hold('chat');
    const { story } = await (await upload()).json();
    await waitFor(async () => held.waiting, (n) => n === 1, SETTLED);
    await patchStory(story.id, { title: 'Typed while it was written' });
    held.release();
    expect(await storyWith(story.id, 'generated')).toMatchObject({
      title: 'Typed while it was written',
      titleEditedByHand: true,
      content: FIRST.content,
    });
  });

  it('replaceEdited covers the edits made before the request, not one made during the rewrite', async () => {
    const { storyId } = await writtenStory();
    await patchStory(storyId, { title: 'Edited before' });
    fake.setChatReply(reply('A New Title', 'A new text the writer made.'));
    const held = fake.hold('chat');
    await client.post(`/api/stories/${storyId}/regenerate`, { style: 'auto', replaceEdited: true });
    await waitFor(async () => held.waiting, (n) => n === 1, SETTLED);
    await patchStory(storyId, { content: 'Typed during the rewrite.' });
    held.release();
    expect(await storyWith(storyId, 'generated')).toMatchObject({
      title: 'A New Title',
      titleEditedByHand: false,
      content: 'Typed during the rewrite.',
      contentEditedByHand: true,
    });
  });
});

describe('re-transcribing a transcript corrected by hand asks first', () => {
  it('refuses with 409 and changes nothing, then replaces the correction when asked to', async () => {
    const { recordingId } = await writtenStory();
    const corrected = await (await correct(recordingId, 'Ask not what your country can do for you, I said.')).json();
    expect(corrected).toMatchObject({ transcriptionEditedByHand: true });
    const before = await readRecording(recordingId);

    for (const body of [undefined, {}, { replaceCorrected: false }]) {
      const refused = await client.request('POST', `/api/recordings/${recordingId}/retranscribe`, body);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        code: 'transcript_corrected',
        message: 'This transcript was corrected by hand. Re-transcribing replaces your corrections.',
      });
    }
    expect(await readRecording(recordingId)).toEqual(before);
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);

    fake.setTranscript('A new transcript of the same speech.');
    const started = await client.post(`/api/recordings/${recordingId}/retranscribe`, { replaceCorrected: true });
    expect(started.status).toBe(200);
    expect(await settledRecording(client, recordingId, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect(await readRecording(recordingId)).toMatchObject({
      transcription: 'A new transcript of the same speech.',
      transcriptionEditedByHand: false,
    });
  });

  it('a recording never corrected is transcribed again without a body', async () => {
    const { recordingId } = await writtenStory();
    expect(await readRecording(recordingId)).toMatchObject({ transcription: JFK, transcriptionEditedByHand: false });
    fake.setTranscript('Transcribed a second time.');
    const started = await client.request('POST', `/api/recordings/${recordingId}/retranscribe`);
    expect(started.status).toBe(200);
    expect(await settledRecording(client, recordingId, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect((await readRecording(recordingId)).transcription).toBe('Transcribed a second time.');
  });

  it('a correction saved while the transcriber works is kept', async () => {
    const { recordingId } = await writtenStory();
    await correct(recordingId, 'First correction.');
    fake.setTranscript('The transcriber’s new words.');
    const held = fake.hold('transcriptions');
    await client.post(`/api/recordings/${recordingId}/retranscribe`, { replaceCorrected: true });
    await waitFor(async () => held.waiting, (n) => n === 1, SETTLED);
    await correct(recordingId, 'Corrected again while it ran.');
    held.release();
    expect(await settledRecording(client, recordingId, SETTLED)).toMatchObject({ processingStatus: 'transcribed' });
    expect(await readRecording(recordingId)).toMatchObject({ transcription: 'Corrected again while it ran.', transcriptionEditedByHand: true });
  });
});
