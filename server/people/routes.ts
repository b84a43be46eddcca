import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { people, recordingPeople, recordings } from '../db/schema.ts';

const languageQuery = z.object({ language: languageSchema.optional().catch(undefined) });

/** GET /api/people (spec 7.9): the list, with mentions counted from linked recordings. */
export async function peopleRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/people', { schema: { querystring: languageQuery } }, async (request) => {
    const user = currentUser(request);
    const rows = await deps.db
      .select({
        id: people.id,
        name: people.name,
        relationship: people.relationship,
        characterization: people.characterization,
        language: people.language,
        userId: people.userId,
        mentionCount: sql<number>`count(${recordings.id})::int`,
        lastMentioned: sql<Date | null>`max(${recordings.createdAt})`,
      })
      .from(people)
      .leftJoin(recordingPeople, eq(recordingPeople.personId, people.id))
      .leftJoin(recordings, eq(recordings.id, recordingPeople.recordingId))
      .where(eq(people.userId, user.id))
      .groupBy(people.id)
      .orderBy(asc(people.name));
    return rows.map((row) => ({
      ...row,
      mentionCount: Number(row.mentionCount),
      lastMentioned: row.lastMentioned ? new Date(row.lastMentioned).toISOString() : null,
    }));
  });
}
