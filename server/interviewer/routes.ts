import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { interviewAnswers } from './answers.ts';

/** The interviewer (spec 2): which of its questions the user's stories answer. */
export async function interviewerRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.get('/api/interviewer/answers', async (request) => interviewAnswers(deps.db, currentUser(request).id));
}
