import { afterAll, beforeAll, expect, it } from 'vitest';
import { interviewAnswersSchema } from '../../contract/interviewer.ts';
import { HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// The interviewer's answers: which stories answer which theme question.
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, strangerId } = await ownerAndStranger(server.url));
});
afterAll(async () => {
  await server?.close();
});

it("lists the user's stories under the interviewer questions they answer, newest first, and nothing else", async () => {
  const seed = seeder(server.database.db);
  const older = await seed.story(ownerId, { title: 'The red house', questionId: 'childhood.home', createdAt: new Date('2026-01-01T10:00:00Z') });
  const newer = await seed.story(ownerId, { title: 'Back to the red house', questionId: 'childhood.home', createdAt: new Date('2026-02-01T10:00:00Z') });
  const work = await seed.story(ownerId, { title: 'The sawmill', questionId: 'career.firstJob' });
  await seed.story(ownerId, { title: 'No question' });
  await seed.story(ownerId, { title: 'A follow-up answer', questionId: 'follow-up:7' });
  await seed.story(strangerId, { title: 'Not mine', questionId: 'childhood.home' });

  const response = await owner.get('/api/interviewer/answers');
  expect(response.status).toBe(200);
  const answers = interviewAnswersSchema.parse(await response.json());
  expect(Object.keys(answers).sort()).toEqual(['career.firstJob', 'childhood.home']);
  expect(answers['childhood.home'].map((story) => story.id)).toEqual([newer.id, older.id]);
  expect(answers['career.firstJob']).toEqual([{ id: work.id, title: 'The sawmill', createdAt: work.createdAt.toISOString(), processingStatus: 'generated' }]);
});

it('answers 401 without a session', async () => {
  const response = await new HttpClient(server.url).get('/api/interviewer/answers');
  expect(response.status).toBe(401);
});
