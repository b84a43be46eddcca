import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { familyQuestionId, type FamilyQuestionView } from '../../contract/family.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { familyReader } from '../../test/support/family.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { readMimeMessage } from '../../test/support/mime-message.ts';
import { settledStory, waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { type FakeOpenAi, sampleFromSchema, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { familyMembers, familyQuestions, stories, users } from '../db/schema.ts';
import { queueUnfinishedWork } from '../background/recovery.ts';
import type { JobContext } from '../jobs/context.ts';
import { sendJob } from '../jobs/send-job.ts';
import { TELL_FAMILY_ASKER, tellFamilyAskerJob } from './answered-question.ts';

// Relatives ask the storyteller; the questions reach the interviewer; a story recorded for
// one answers it, and the asker is told once, by e-mail in their language when they gave an address.
const SETTLED = 30_000;
const WRITTEN = { title: 'The sawmill', content: 'My first job was at the sawmill by the river.', people: [], locations: [], dates: [], storyType: 'other' };

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let seed: ReturnType<typeof seeder>;
let dataDir: string;
const wav = readFileSync(CLIPS.english);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.setChatReply((request) => (request.schemaName === 'story' ? WRITTEN : sampleFromSchema(request.schema)));
  dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-family-questions-'));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', DATA_DIR: dataDir }, { engines: fakeOpenAiEngines(fake) });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'owner@example.com'));
  seed = seeder(server.database.db, server.store);
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const outbox = () => {
  try {
    return readdirSync(path.join(dataDir, 'outbox')).sort();
  } catch {
    return [];
  }
};
const mailsTo = (address: string) =>
  outbox()
    .map((name) => readMimeMessage(readFileSync(path.join(dataDir, 'outbox', name), 'utf8')))
    .filter((mail) => mail.to === address);

async function ask(reader: HttpClient, text: string): Promise<FamilyQuestionView> {
  const response = await reader.post('/api/family/questions', { text });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}
const ownerList = async (client = owner): Promise<FamilyQuestionView[]> => (await client.get('/api/interviewer/family-questions')).json();
const readerList = async (reader: HttpClient): Promise<FamilyQuestionView[]> => (await reader.get('/api/family/questions')).json();
/** Waits until no job telling this question's asker waits or runs. */
const tellingDone = (questionId: number) =>
  waitFor(
    async () =>
      (await server.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${TELL_FAMILY_ASKER} and (data->>'questionId')::int = ${questionId} and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: { n: number }[] },
    (result) => result.rows[0].n === 0,
    SETTLED,
  );
const questionRow = async (id: number) => (await server.database.db.select().from(familyQuestions).where(eq(familyQuestions.id, id)))[0];

describe('asking', () => {
  it("reaches the storyteller's interviewer list under the asker's name, and the asker's own list; nobody else's", async () => {
    const { client: other, id: otherId } = await signedUpClient(server.url, 'other-teller@example.com');
    const aino = await familyReader(server, ownerId, { name: 'Aino' });
    const pekka = await familyReader(server, ownerId, { name: 'Pekka' });
    const theirs = await familyReader(server, otherId, { name: 'Liisa' });

    const asked = await ask(aino.client, '  What was your first job?  ');
    expect(asked).toMatchObject({ askerName: 'Aino', text: 'What was your first job?', answeredStoryId: null });
    await ask(theirs.client, 'Where did you grow up?');

    const list = await ownerList();
    expect(list.find((q) => q.id === asked.id)).toEqual(asked);
    expect(list.map((q) => q.text)).not.toContain('Where did you grow up?');
    expect((await ownerList(other)).map((q) => q.text)).toEqual(['Where did you grow up?']);
    expect((await readerList(aino.client)).map((q) => q.id)).toEqual([asked.id]);
    expect(await readerList(pekka.client)).toEqual([]);
  });

  it('refuses a question too short, and a caller with no live membership (401 before validation)', async () => {
    const reader = await familyReader(server, ownerId);
    const short = await reader.client.post('/api/family/questions', { text: 'Hi' });
    expect(short.status).toBe(400);
    expect((await new HttpClient(server.url).post('/api/family/questions', { text: 'x' })).status).toBe(401);
    expect((await owner.post('/api/family/questions', { text: 'What was your first job?' })).status).toBe(401);
    await server.database.db.delete(familyMembers).where(eq(familyMembers.id, reader.memberId));
    expect((await reader.client.post('/api/family/questions', { text: 'What was your first job?' })).status).toBe(401);
    expect((await reader.client.get('/api/family/questions')).status).toBe(401);
  });

  it("asks in the circle named, and another circle's id is a 404", async () => {
    const { id: otherId } = await signedUpClient(server.url, 'second-circle@example.com');
    const first = await familyReader(server, ownerId, { name: 'Aino' });
    const second = await familyReader(server, otherId, { name: 'Aino', client: first.client });
    const stranger = await familyReader(server, otherId, { name: 'Someone' });
    const response = await first.client.post('/api/family/questions', { text: 'Who taught you to swim?', circle: second.memberId });
    expect(response.status).toBe(201);
    expect((await questionRow((await response.json()).id)).userId).toBe(otherId);
    expect((await first.client.post('/api/family/questions', { text: 'Who taught you to swim?', circle: stranger.memberId })).status).toBe(404);
    // The reader's list of one circle: the circle named in the address (a query string's number).
    const listed = await first.client.get(`/api/family/questions?circle=${second.memberId}`);
    expect(listed.status, await listed.clone().text()).toBe(200);
    expect(((await listed.json()) as FamilyQuestionView[]).map((q) => q.text)).toEqual(['Who taught you to swim?']);
  });

  it('is rate limited per reader', async () => {
    const reader = await familyReader(server, ownerId);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await reader.client.post('/api/family/questions', { text: `Question number ${i}?` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('setting aside', () => {
  it("takes it off the storyteller's list and keeps the relative's words in theirs; another storyteller's question is a 404", async () => {
    const { client: stranger } = await signedUpClient(server.url, 'aside-stranger@example.com');
    const reader = await familyReader(server, ownerId);
    const asked = await ask(reader.client, 'What did you dream of becoming?');
    expect((await stranger.request('DELETE', `/api/family-questions/${asked.id}`)).status).toBe(404);
    expect(await questionRow(asked.id)).toBeDefined();
    expect((await owner.request('DELETE', `/api/family-questions/${asked.id}`)).status).toBe(204);
    expect((await ownerList()).map((q) => q.id)).not.toContain(asked.id);
    expect((await readerList(reader.client)).map((q) => [q.id, q.text, q.answeredStoryId])).toEqual([[asked.id, 'What did you dream of becoming?', null]]);
  });
});

describe('answering', () => {
  it('links the story recorded for it once written; the asker sees it only once the story is shared with them', async () => {
    // The storyteller reviews new stories first: written, the story waits for their "Share with family".
    await server.database.db.update(users).set({ familyReviewFirst: true }).where(eq(users.id, ownerId));
    onTestFinished(() => server.database.db.update(users).set({ familyReviewFirst: false }).where(eq(users.id, ownerId)).then(() => undefined));
    const reader = await familyReader(server, ownerId, { name: 'Aino' });
    const asked = await ask(reader.client, 'What was your first job?');
    // Another storyteller's question id in the recorder answers nothing of theirs.
    const { client: other } = await signedUpClient(server.url, 'answer-other@example.com');
    const upload = await uploadForm(owner, '/api/recordings', { contextType: 'new_story', promptQuestion: asked.text, questionId: familyQuestionId(asked.id), appLanguage: 'en' }, {
      bytes: wav,
      filename: 'answer.wav',
      type: 'audio/wav',
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const storyId = (await upload.json()).story.id as number;
    const foreign = await uploadForm(other, '/api/recordings', { contextType: 'new_story', questionId: familyQuestionId(asked.id), appLanguage: 'en' }, { bytes: wav, filename: 'x.wav', type: 'audio/wav' });
    const foreignStoryId = (await foreign.json()).story.id as number;

    expect(await settledStory(owner, storyId, SETTLED)).toMatchObject({ processingStatus: 'generated', questionId: `family:${asked.id}` });
    await settledStory(other, foreignStoryId, SETTLED);
    expect((await ownerList()).find((q) => q.id === asked.id)?.answeredStoryId).toBe(storyId);
    expect(await questionRow(asked.id)).toMatchObject({ answeredStoryId: storyId });
    // Not shared with the circle yet (the storyteller has not shared it): the asker's list does not link it, nobody is told.
    expect((await readerList(reader.client))[0]).toMatchObject({ id: asked.id, answeredStoryId: null });
    await tellingDone(asked.id);
    expect((await questionRow(asked.id)).askerToldAt).toBeNull();

    // Shared later (an owner who reviews first): the recovery pass finds the answer not told, and tells it.
    await server.database.db.update(stories).set({ sharedWithFamilyAt: new Date() }).where(eq(stories.id, storyId));
    const queued = await queueUnfinishedWork({ db: server.database.db, queue: server.queue } as JobContext, [tellFamilyAskerJob]);
    expect(queued).toEqual({ [TELL_FAMILY_ASKER]: 1 });
    await tellingDone(asked.id);
    expect((await questionRow(asked.id)).askerToldAt).not.toBeNull();
    expect((await readerList(reader.client))[0]).toMatchObject({ id: asked.id, answeredStoryId: storyId });
    // Told: the next pass finds nothing.
    expect(await queueUnfinishedWork({ db: server.database.db, queue: server.queue } as JobContext, [tellFamilyAskerJob])).toEqual({});
  });

  it('tells the asker once, in their language, with a link to read it; a rewrite tells nobody again', async () => {
    const address = 'liisa.reader@example.com';
    const reader = await familyReader(server, ownerId, { name: 'Liisa', email: address, language: 'fi' });
    const asked = await ask(reader.client, 'Mikä oli ensimmäinen työsi?');
    // A story already in the circle, waiting for its recording to be written.
    const story = await seed.story(ownerId, {
      title: 'Untitled',
      content: '',
      processingStatus: 'processing',
      generatedAt: null,
      questionId: familyQuestionId(asked.id),
      sharedWithFamilyAt: new Date(),
    });
    const upload = await uploadForm(owner, `/api/stories/${story.id}/recordings`, { contextType: 'story', contextId: String(story.id), appLanguage: 'fi' }, {
      bytes: wav,
      filename: 'answer.wav',
      type: 'audio/wav',
    });
    expect(upload.status, await upload.clone().text()).toBe(201);

    const [mail] = await waitFor(() => Promise.resolve(mailsTo(address)), (mails) => mails.length > 0, SETTLED);
    expect(mail.subject).toBe('Aino vastasi kysymykseesi');
    const link = `${server.url}/family/stories/${story.id}`;
    expect(mail.text).toContain('Kysyit: "Mikä oli ensimmäinen työsi?"');
    expect(mail.text).toContain('The sawmill');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Lue ja kuuntele');
    expect(mail.html).toContain('<html lang="fi">');
    // The link works for the reader: the story is theirs to read, and their list says it is answered.
    expect((await readerList(reader.client))[0]).toMatchObject({ id: asked.id, answeredStoryId: story.id });
    expect((await reader.client.get(`/api/family/stories/${story.id}/responses`)).status).toBe(200);
    const told = await questionRow(asked.id);
    expect(told.askerToldAt).not.toBeNull();

    // Rewritten: the question is answered already, nobody is told again.
    const rewrite = await owner.post(`/api/stories/${story.id}/regenerate`, { style: 'auto' });
    expect(rewrite.status).toBeLessThan(300);
    await waitFor(
      async () => (await server.database.db.select().from(stories).where(eq(stories.id, story.id)))[0],
      (row) => row.processingStatus === 'generated' && row.generatedAt!.getTime() > told.answeredAt!.getTime(),
      SETTLED,
    );
    await tellingDone(asked.id);
    expect(mailsTo(address)).toHaveLength(1);
    // A second telling (a retry, a recovery, a share later) tells nobody again either.
    await sendJob(server.queue, tellFamilyAskerJob, { questionId: asked.id });
    await tellingDone(asked.id);
    expect(mailsTo(address)).toHaveLength(1);
    expect(await questionRow(asked.id)).toMatchObject({ askerToldAt: told.askerToldAt, answeredStoryId: story.id });
  });
});
