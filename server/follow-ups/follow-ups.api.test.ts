import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { followUpQuestionId, followUpQuestionSchema, UNANSWERED_LIMIT, unansweredQuestionSchema } from '../../contract/follow-ups.ts';
import { type ChatRequestInfo, type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, ownerAndStranger, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledStory, waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { followUpQuestions } from '../db/schema.ts';
import { FOLLOW_UP_QUESTIONS } from './follow-up-questions-job.ts';

// Spec 7.5 through the real server; the follow-up job through the openai adapter against
// a local server that speaks the OpenAI API.
const SETTLED = 30_000;
const JFK = clipTranscript(CLIPS.jfk);
const LAKE = 'Every summer we rowed across Näsijärvi with my uncle Pekka. In 1962 the old boat finally sank near Tampere.';

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;
let jfkWebm: Buffer;
let clips: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
  jfkWebm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterEach(() => {
  fake.reset();
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await clips?.remove();
});

const db = () => server.database.db;
const seed = () => seeder(db());
const questionRows = (storyId: number) => db().select().from(followUpQuestions).where(eq(followUpQuestions.storyId, storyId)).orderBy(followUpQuestions.id);
const questionRow = async (id: number) => (await db().select().from(followUpQuestions).where(eq(followUpQuestions.id, id)))[0];
/** How many follow-up jobs were ever queued for the story (pg-boss keeps finished ones). */
const followUpJobsFor = async (storyId: number) =>
  (
    (await db().execute(sql`select id from pgboss.job where name = ${FOLLOW_UP_QUESTIONS} and (data->>'storyId')::int = ${storyId}`)) as unknown as {
      rows: unknown[];
    }
  ).rows.length;
const followUpChats = () => fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name === 'follow_up_questions');

/** The writer answers a story request with a story and a follow-up request with these questions. */
function writerAnswers(questions: string[], story = { title: 'Ask Not', content: `I said: ${JFK}`, people: [], locations: [], dates: [], storyType: 'other' }) {
  fake.setChatReply((request: ChatRequestInfo) => (request.schemaName === 'follow_up_questions' ? { questions } : story));
}

describe('GET /api/stories/{id}/follow-up-questions', () => {
  it('lists a story\'s questions in the order they were proposed, in the spec\'s fields', async () => {
    const story = await seed().story(ownerId);
    const other = await seed().story(ownerId);
    const first = await seed().followUpQuestion(ownerId, story.id, 'Who rowed with you?');
    const answeredAt = new Date('2026-01-02T03:04:05.000Z');
    const second = await seed().followUpQuestion(ownerId, story.id, 'What did the lake smell like?', { isAnswered: true, answeredAt, answerStoryId: story.id });
    await seed().followUpQuestion(ownerId, other.id, 'Not this story');

    const response = await owner.get(`/api/stories/${story.id}/follow-up-questions`);
    expect(response.status).toBe(200);
    const body = followUpQuestionSchema.strict().array().parse(await response.json());
    expect(body).toEqual([
      { id: first.id, question: 'Who rowed with you?', isAnswered: false, answeredAt: null, createdAt: first.createdAt.toISOString(), answerStoryId: null, answerRecordingId: null },
      { id: second.id, question: 'What did the lake smell like?', isAnswered: true, answeredAt: answeredAt.toISOString(), createdAt: second.createdAt.toISOString(), answerStoryId: story.id, answerRecordingId: null },
    ]);
  });

  it('another user\'s story or a bad id: 404; signed out: 401', async () => {
    const theirs = await seed().story(strangerId);
    await seed().followUpQuestion(strangerId, theirs.id, 'Their question');
    expect((await owner.get(`/api/stories/${theirs.id}/follow-up-questions`)).status).toBe(404);
    expect((await owner.get('/api/stories/abc/follow-up-questions')).status).toBe(404);
    expect((await new HttpClient(server.url).get(`/api/stories/${theirs.id}/follow-up-questions`)).status).toBe(401);
    expect((await stranger.get(`/api/stories/${theirs.id}/follow-up-questions`)).status).toBe(200);
  });
});

describe('GET /api/follow-up-questions/unanswered', () => {
  it('the user\'s unanswered questions in the asked language, newest first, with their story\'s title, bounded', async () => {
    const { client, id } = await signedUpClient(server.url, 'unanswered@example.com');
    const lake = await seed().story(id, { title: 'The lake' });
    const sauna = await seed().story(id, { title: 'Sauna', language: 'fi' });
    const base = Date.parse('2026-03-01T10:00:00Z');
    const older = await seed().followUpQuestion(id, lake.id, 'Who rowed with you?', { createdAt: new Date(base) });
    const newer = await seed().followUpQuestion(id, lake.id, 'Where did you sleep?', { createdAt: new Date(base + 60_000) });
    await seed().followUpQuestion(id, lake.id, 'Answered already', { isAnswered: true, answeredAt: new Date(), answerStoryId: lake.id, createdAt: new Date(base + 120_000) });
    const finnish = await seed().followUpQuestion(id, sauna.id, 'Kuka lämmitti saunan?', { language: 'fi', createdAt: new Date(base + 30_000) });
    await seed().followUpQuestion(strangerId, (await seed().story(strangerId)).id, 'Someone else\'s');

    const english = unansweredQuestionSchema.array().parse(await (await client.get('/api/follow-up-questions/unanswered?language=en')).json());
    expect(english.map((q) => [q.id, q.question, q.storyId, q.storyTitle])).toEqual([
      [newer.id, 'Where did you sleep?', lake.id, 'The lake'],
      [older.id, 'Who rowed with you?', lake.id, 'The lake'],
    ]);
    const fi = unansweredQuestionSchema.array().parse(await (await client.get('/api/follow-up-questions/unanswered?language=fi')).json());
    expect(fi.map((q) => [q.id, q.storyTitle])).toEqual([[finnish.id, 'Sauna']]);
    // No language: every language. One the app does not know reads as English, as on every list (spec: other values fall back to en).
    const all = unansweredQuestionSchema.array().parse(await (await client.get('/api/follow-up-questions/unanswered')).json());
    expect(all.map((q) => q.id)).toEqual([newer.id, finnish.id, older.id]);
    const unknown = unansweredQuestionSchema.array().parse(await (await client.get('/api/follow-up-questions/unanswered?language=xx')).json());
    expect(unknown.map((q) => q.id)).toEqual([newer.id, older.id]);

    for (let i = 0; i < UNANSWERED_LIMIT + 3; i++) await seed().followUpQuestion(id, lake.id, `Question ${i}?`, { createdAt: new Date(base + 200_000 + i * 1000) });
    const bounded = unansweredQuestionSchema.array().parse(await (await client.get('/api/follow-up-questions/unanswered?language=en')).json());
    expect(bounded).toHaveLength(UNANSWERED_LIMIT);
    expect(bounded[0].question).toBe(`Question ${UNANSWERED_LIMIT + 2}?`);
    expect((await new HttpClient(server.url).get('/api/follow-up-questions/unanswered?language=en')).status).toBe(401);
  });
});

describe('POST /api/follow-up-questions/{id}/answer', () => {
  it('marks the question answered by the story; a userId in the body is ignored', async () => {
    const story = await seed().story(ownerId);
    const question = await seed().followUpQuestion(ownerId, story.id, 'Who rowed with you?');
    const response = await owner.post(`/api/follow-up-questions/${question.id}/answer`, { answerStoryId: story.id, userId: strangerId });
    expect(response.status).toBe(200);
    const body = followUpQuestionSchema.parse(await response.json());
    expect(body).toMatchObject({ id: question.id, isAnswered: true, answerStoryId: story.id, answerRecordingId: null });
    const row = await questionRow(question.id);
    expect(row).toMatchObject({ isAnswered: true, answerStoryId: story.id, userId: ownerId });
    expect(row.answeredAt?.toISOString()).toBe(body.answeredAt);
  });

  it('a missing or bad answerStoryId: 400 naming it, and nothing changes', async () => {
    const story = await seed().story(ownerId);
    const question = await seed().followUpQuestion(ownerId, story.id, 'Who rowed with you?');
    for (const body of [{}, { answerStoryId: 'abc' }, { answerStoryId: 0 }, { answerStoryId: 1.5 }, { answerStoryId: 99_999_999_999 }]) {
      const response = await owner.post(`/api/follow-up-questions/${question.id}/answer`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('answerStoryId') });
    }
    expect(await questionRow(question.id)).toMatchObject({ isAnswered: false, answeredAt: null, answerStoryId: null });
  });

  it('another user\'s question, or another user\'s story as the answer: 404, and nothing changes', async () => {
    const mine = await seed().story(ownerId);
    const theirStory = await seed().story(strangerId);
    const theirs = await seed().followUpQuestion(strangerId, theirStory.id, 'Their question');
    const myQuestion = await seed().followUpQuestion(ownerId, mine.id, 'My question');

    const taken = await owner.post(`/api/follow-up-questions/${theirs.id}/answer`, { answerStoryId: mine.id });
    expect(taken.status).toBe(404);
    expect((await taken.json()).code).toBe('not_found');
    const intoTheirs = await owner.post(`/api/follow-up-questions/${myQuestion.id}/answer`, { answerStoryId: theirStory.id });
    expect(intoTheirs.status).toBe(404);
    expect(await questionRow(theirs.id)).toMatchObject({ isAnswered: false, answerStoryId: null });
    expect(await questionRow(myQuestion.id)).toMatchObject({ isAnswered: false, answerStoryId: null });
    expect((await new HttpClient(server.url).post(`/api/follow-up-questions/${myQuestion.id}/answer`, { answerStoryId: mine.id })).status).toBe(401);
  });
});

describe('DELETE /api/follow-up-questions/{id}', () => {
  it('deletes the question; again, or someone else\'s: 404 and it stays', async () => {
    const story = await seed().story(ownerId);
    const question = await seed().followUpQuestion(ownerId, story.id, 'Who rowed with you?');
    const theirs = await seed().followUpQuestion(strangerId, (await seed().story(strangerId)).id, 'Their question');

    expect((await owner.request('DELETE', `/api/follow-up-questions/${question.id}`)).status).toBe(204);
    expect(await questionRow(question.id)).toBeUndefined();
    expect((await owner.request('DELETE', `/api/follow-up-questions/${question.id}`)).status).toBe(404);
    expect((await owner.request('DELETE', `/api/follow-up-questions/${theirs.id}`)).status).toBe(404);
    expect(await questionRow(theirs.id)).toBeDefined();
    expect((await new HttpClient(server.url).request('DELETE', `/api/follow-up-questions/${theirs.id}`)).status).toBe(401);
  });
});

const refreshState = (storyId: number) => async () => (await owner.get(`/api/stories/${storyId}/follow-up-questions/refresh`)).json() as Promise<{ checkedAt: string | null }>;
const finishedSince = (state: { checkedAt: string | null }, requestedAt: string) => state.checkedAt !== null && state.checkedAt >= requestedAt;

describe('POST /api/stories/{id}/regenerate-follow-up-questions and the follow-up job', () => {
  it('sends the story and every question already there, keeps the answered, replaces the unanswered, drops what nobody told', async () => {
    const story = await seed().story(ownerId, { title: 'Rowing', content: LAKE, language: 'fi' });
    const answered = await seed().followUpQuestion(ownerId, story.id, 'Mitä Pekka opetti soutamisesta?', { isAnswered: true, answeredAt: new Date(), answerStoryId: story.id, language: 'fi' });
    const old = await seed().followUpQuestion(ownerId, story.id, 'Kuka muu oli mukana?', { language: 'fi' });
    writerAnswers(['Miltä tuntui, kun vene upposi vuonna 1962?', 'Mitä siskosi Anna sanoi?', 'Mitä Pekka opetti soutamisesta?', 'Missä nukuitte kesäisin?']);

    // The screen sends no body (spec 7.5).
    const response = await owner.request('POST', `/api/stories/${story.id}/regenerate-follow-up-questions`);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ refreshing: true, requestedAt: expect.any(String) });
    const rows = await waitFor(() => questionRows(story.id), (r) => !r.some((q) => q.id === old.id), SETTLED);

    // Anna is nobody the story names; the answered question is not asked twice.
    expect(rows.map((q) => [q.question, q.isAnswered, q.language])).toEqual([
      ['Mitä Pekka opetti soutamisesta?', true, 'fi'],
      ['Miltä tuntui, kun vene upposi vuonna 1962?', false, 'fi'],
      ['Missä nukuitte kesäisin?', false, 'fi'],
    ]);
    expect(rows[0].id).toBe(answered.id);
    const [chat] = followUpChats();
    const sent = JSON.stringify(chat.json.messages);
    expect(sent).toContain('rowed across Näsijärvi');
    expect(sent).toContain('Kuka muu oli mukana?');
    expect(sent).toContain('Mitä Pekka opetti soutamisesta?');
  });

  it('does not ask again what a recording of the story already answers (a spoken interview\'s follow-ups)', async () => {
    const story = await seed().story(ownerId, { content: LAKE });
    await seed().recording(ownerId, { storyId: story.id, transcription: LAKE, processingStatus: 'transcribed', promptQuestion: 'Who rowed with you?' });
    writerAnswers(['Who rowed with you?', 'What happened to the boat after 1962?']);
    expect((await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`)).status).toBe(202);
    const rows = await waitFor(() => questionRows(story.id), (r) => r.length > 0, SETTLED);
    expect(rows.map((q) => q.question)).toEqual(['What happened to the boat after 1962?']);
    expect(JSON.stringify(followUpChats().at(-1)!.json.messages)).toContain('Who rowed with you?');

    // Asked before the recording answered it, and only that again from the writer: it goes, the other stays.
    const stale = await seed().followUpQuestion(ownerId, story.id, 'Where did the boat sink?');
    await seed().recording(ownerId, { storyId: story.id, transcription: LAKE, processingStatus: 'transcribed', promptQuestion: 'Where did the boat sink?' });
    writerAnswers(['Where did the boat sink?']);
    expect((await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`)).status).toBe(202);
    const after = await waitFor(() => questionRows(story.id), (r) => !r.some((q) => q.id === stale.id), SETTLED);
    expect(after.map((q) => q.question)).toEqual(['What happened to the boat after 1962?']);
  });

  it('running it again never duplicates: the unanswered are replaced', async () => {
    const story = await seed().story(ownerId, { content: LAKE });
    writerAnswers(['Who taught you to row?', 'What happened to the boat after 1962?']);
    expect((await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`)).status).toBe(202);
    const first = await waitFor(() => questionRows(story.id), (r) => r.length === 2, SETTLED);
    writerAnswers(['Who taught you to row?', 'How cold was the lake in the mornings?']);
    // Something new since (the text edited), so the Refresh asks the writer again.
    await owner.request('PATCH', `/api/stories/${story.id}`, { content: `${LAKE} The lake was cold in the mornings.` });
    expect((await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`)).status).toBe(202);
    const second = await waitFor(() => questionRows(story.id), (r) => r.every((q) => !first.some((f) => f.id === q.id)), SETTLED);
    // The question already asked is not asked again: only the new one replaces the two.
    expect(second.map((q) => q.question)).toEqual(['How cold was the lake in the mornings?']);
    expect(JSON.stringify(followUpChats().at(-1)!.json.messages)).toContain('What happened to the boat after 1962?');
  });

  it('a Refresh with nothing new since the questions were made says so at once and asks nobody', async () => {
    const story = await seed().story(ownerId, { content: LAKE });
    writerAnswers(['Who taught you to row?']);
    const first = await (await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`)).json();
    await waitFor(refreshState(story.id), (state) => finishedSince(state, first.requestedAt), SETTLED);
    const asked = followUpChats().length;

    const again = await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ upToDate: true });
    expect(followUpChats()).toHaveLength(asked);

    // A new recording is something new: the writer is asked again.
    await seed().recording(ownerId, { storyId: story.id, transcription: 'We also rowed in the rain.', processingStatus: 'transcribed' });
    const afterRecording = await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`);
    expect(afterRecording.status).toBe(202);
    const { requestedAt } = await afterRecording.json();
    await waitFor(refreshState(story.id), (state) => finishedSince(state, requestedAt), SETTLED);
  });

  it('the refresh state says when the job has finished, also when it gave nothing new', async () => {
    const story = await seed().story(ownerId, { content: LAKE });
    const kept = await seed().followUpQuestion(ownerId, story.id, 'Who rowed with you?');
    expect(await (await owner.get(`/api/stories/${story.id}/follow-up-questions/refresh`)).json()).toEqual({ checkedAt: null });
    writerAnswers([]);
    const response = await owner.post(`/api/stories/${story.id}/regenerate-follow-up-questions`);
    expect(response.status).toBe(202);
    const { requestedAt } = await response.json();
    await waitFor(refreshState(story.id), (state) => finishedSince(state, requestedAt), SETTLED);
    expect((await questionRows(story.id)).map((q) => q.id)).toEqual([kept.id]);
    // Another user's story: 404.
    const theirs = await seed().story(strangerId, { content: LAKE });
    expect((await owner.get(`/api/stories/${theirs.id}/follow-up-questions/refresh`)).status).toBe(404);
    expect((await new HttpClient(server.url).get(`/api/stories/${story.id}/follow-up-questions/refresh`)).status).toBe(401);
  });

  it('another user\'s story: 404, and nothing is asked or changed', async () => {
    const theirs = await seed().story(strangerId, { content: LAKE });
    const kept = await seed().followUpQuestion(strangerId, theirs.id, 'Their question');
    writerAnswers(['Who taught you to row?']);
    expect((await owner.post(`/api/stories/${theirs.id}/regenerate-follow-up-questions`)).status).toBe(404);
    expect((await new HttpClient(server.url).post(`/api/stories/${theirs.id}/regenerate-follow-up-questions`)).status).toBe(401);
    // Past the point: a refresh of the owner's own story, asked afterwards, has finished, so a
    // job wrongly queued for theirs would be in the queue by now and would have asked first.
    const own = await seed().story(ownerId, { content: 'We skated on the frozen bay every winter.' });
    const { requestedAt } = await (await owner.post(`/api/stories/${own.id}/regenerate-follow-up-questions`)).json();
    await waitFor(refreshState(own.id), (state) => finishedSince(state, requestedAt), SETTLED, "the refresh of the owner's own story, asked after the refused one");
    expect(await followUpJobsFor(theirs.id)).toBe(0);
    expect(followUpChats().filter((chat) => JSON.stringify(chat.json.messages).includes('Näsijärvi'))).toHaveLength(0);
    expect((await questionRows(theirs.id)).map((q) => q.id)).toEqual([kept.id]);
  });
});

describe('record, write, ask, answer', () => {
  it('a written story gets questions; answering one and recording links the recording as its answer', async () => {
    writerAnswers(['What did you want your country to do?', 'Who was listening that day?']);
    const upload = await uploadForm(owner, '/api/recordings', { contextType: 'new_story', appLanguage: 'en' }, { bytes: jfkWebm, filename: 'recording-1.webm' });
    expect(upload.status).toBe(201);
    const { story } = await upload.json();
    expect(await settledStory(owner, story.id, SETTLED)).toMatchObject({ processingStatus: 'generated' });
    const questions = await waitFor(
      async () => followUpQuestionSchema.array().parse(await (await owner.get(`/api/stories/${story.id}/follow-up-questions`)).json()),
      (q) => q.length === 2,
      SETTLED,
    );
    expect(JSON.stringify(followUpChats()[0].json.messages)).toContain('fellow Americans');

    const [asked, other] = questions;
    expect((await owner.post(`/api/follow-up-questions/${asked.id}/answer`, { answerStoryId: story.id })).status).toBe(200);
    const answer = await uploadForm(
      owner,
      `/api/stories/${story.id}/recordings`,
      { appLanguage: 'en', promptQuestion: asked.question, questionId: followUpQuestionId(asked.id) },
      { bytes: jfkWebm, filename: 'recording-2.webm' },
    );
    expect(answer.status).toBe(201);
    const { recording } = await answer.json();
    const listed = followUpQuestionSchema.array().parse(await (await owner.get(`/api/stories/${story.id}/follow-up-questions`)).json());
    expect(listed.find((q) => q.id === asked.id)).toMatchObject({ isAnswered: true, answerStoryId: story.id, answerRecordingId: recording.id });
    expect(listed.find((q) => q.id === other.id)).toMatchObject({ isAnswered: false, answerRecordingId: null });
    // The recording detail's "Answered question" card.
    const detail = await (await owner.get(`/api/recordings/${recording.id}/with-people-places`)).json();
    expect(detail.linkedQuestion).toEqual({ question: asked.question, questionId: followUpQuestionId(asked.id) });
    await settledStory(owner, story.id, SETTLED);
  });

  it('a recording that names the question answers it in the story the person chose, a new one too', async () => {
    const story = await seed().story(ownerId, { content: LAKE });
    const question = await seed().followUpQuestion(ownerId, story.id, 'Who rowed with you?');
    const other = await seed().followUpQuestion(ownerId, story.id, 'Where did you sleep?', { isAnswered: true, answerStoryId: story.id, answeredAt: new Date() });
    writerAnswers([]);
    expect((await owner.post(`/api/follow-up-questions/${question.id}/answer`, { answerStoryId: story.id })).status).toBe(200);

    const upload = await uploadForm(
      owner,
      '/api/recordings',
      { contextType: 'new_story', appLanguage: 'en', promptQuestion: 'Who rowed with you?', questionId: followUpQuestionId(question.id) },
      { bytes: jfkWebm, filename: 'recording-5.webm' },
    );
    expect(upload.status).toBe(201);
    const { recording, story: created } = await upload.json();
    expect(created.id).not.toBe(story.id);
    expect(await questionRow(question.id)).toMatchObject({ answerRecordingId: recording.id, answerStoryId: created.id });
    // The other question answered for the story just before is not taken by it.
    expect(await questionRow(other.id)).toMatchObject({ answerRecordingId: null, answerStoryId: story.id });
    await settledStory(owner, created.id, SETTLED);
  });

  it('a recording more than 2 minutes after the answer, or in another story, is not the answer', async () => {
    const story = await seed().story(ownerId, { content: LAKE });
    const elsewhere = await seed().story(ownerId);
    const late = await seed().followUpQuestion(ownerId, story.id, 'Who rowed with you?', { isAnswered: true, answerStoryId: story.id, answeredAt: new Date(Date.now() - 2 * 60_000 - 5000) });
    const recent = await seed().followUpQuestion(ownerId, story.id, 'Where did you sleep?', { isAnswered: true, answerStoryId: story.id, answeredAt: new Date() });
    writerAnswers([]);

    const other = await uploadForm(owner, `/api/stories/${elsewhere.id}/recordings`, { appLanguage: 'en' }, { bytes: jfkWebm, filename: 'recording-3.webm' });
    expect(other.status).toBe(201);
    expect(await questionRow(recent.id)).toMatchObject({ answerRecordingId: null });

    const inStory = await uploadForm(owner, `/api/stories/${story.id}/recordings`, { appLanguage: 'en' }, { bytes: jfkWebm, filename: 'recording-4.webm' });
    const { recording } = await inStory.json();
    expect(await questionRow(late.id)).toMatchObject({ answerRecordingId: null });
    expect(await questionRow(recent.id)).toMatchObject({ answerRecordingId: recording.id });
    // Let the recordings' background work finish before the server closes.
    await settledStory(owner, story.id, SETTLED);
    await settledStory(owner, elsewhere.id, SETTLED);
  });
});
