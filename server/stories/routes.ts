import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { ownedStory } from '../owned.ts';
import { temporalContextBody, TemporalError, toTemporalColumns } from '../temporal/temporal-context.ts';
import { presentStory } from './presenter.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Stories: reading one and setting its time (the rest of spec 7.4 comes with the library). */
export async function storyRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/stories/:id', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    return presentStory(await ownedStory(db, user.id, request.params.id));
  });

  api.put('/api/stories/:id/temporal-context', { schema: { params: idParams, body: temporalContextBody } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    let columns;
    try {
      columns = toTemporalColumns(request.body);
    } catch (error) {
      if (error instanceof TemporalError) throw new HttpError(400, 'validation', error.message, error.field);
      throw error;
    }
    const [updated] = await db
      .update(stories)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(stories.id, story.id))
      .returning();
    return presentStory(updated);
  });
}
