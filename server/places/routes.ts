import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { places, recordingPlaces, recordings } from '../db/schema.ts';

const languageQuery = z.object({ language: languageSchema.optional().catch(undefined) });

/** GET /api/places (spec 7.10): the list, with mentions counted from linked recordings. */
export async function placeRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/places', { schema: { querystring: languageQuery } }, async (request) => {
    const user = currentUser(request);
    const rows = await deps.db
      .select({
        id: places.id,
        name: places.name,
        type: places.type,
        description: places.description,
        significance: places.significance,
        language: places.language,
        userId: places.userId,
        mentionCount: sql<number>`count(${recordings.id})::int`,
        lastMentioned: sql<Date | null>`max(${recordings.createdAt})`,
      })
      .from(places)
      .leftJoin(recordingPlaces, eq(recordingPlaces.placeId, places.id))
      .leftJoin(recordings, eq(recordings.id, recordingPlaces.recordingId))
      .where(eq(places.userId, user.id))
      .groupBy(places.id)
      .orderBy(asc(places.name));
    return rows.map((row) => ({
      ...row,
      mentionCount: Number(row.mentionCount),
      lastMentioned: row.lastMentioned ? new Date(row.lastMentioned).toISOString() : null,
    }));
  });
}
