import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FamilyJoined, familyJoinSchema } from '../../contract/family.ts';
import type { Database } from '../db/client.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { signInReader } from './family-sign-in.ts';
import { invalidFamilyLink, previewInvitation, useInvitation } from './join.ts';

// A malformed token is an unknown one: the same 404, before the database is asked.
const tokenParams = z.object({ token: z.string() });
const TOKEN_PATTERN = /^[\w-]{43}$/;

/**
 * Opening an invitation link (public, rate limited per address like signing in): the join
 * page's preview, then joining, which uses the link up and signs this device in as the reader.
 */
export async function familyJoinRoutes(app: FastifyInstance, deps: { db: Database; site: SiteOrigin; perMinute: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, site } = deps;
  const limit = { rateLimit: perAddress(deps.perMinute) };

  api.get('/api/family/join/:token', { config: limit, schema: { params: tokenParams } }, async (request, reply) => {
    if (!TOKEN_PATTERN.test(request.params.token)) throw invalidFamilyLink();
    reply.header('cache-control', 'no-store');
    return previewInvitation(db, request.params.token, request.user?.id ?? null);
  });

  api.post('/api/family/join/:token', { config: limit, schema: { params: tokenParams, body: familyJoinSchema } }, async (request, reply) => {
    if (!TOKEN_PATTERN.test(request.params.token)) throw invalidFamilyLink();
    const member = await useInvitation(db, request.params.token, request.body, request.user?.id ?? null);
    await signInReader(db, request, reply, site, member.id);
    return reply.header('cache-control', 'no-store').send({ circle: member.id } satisfies FamilyJoined);
  });
}
