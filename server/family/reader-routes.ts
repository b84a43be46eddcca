import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { familyReaderPatchSchema } from '../../contract/family.ts';
import { pathResource } from '../access/path-resource.ts';
import { readerIdentity } from '../access/reader-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../http/errors.ts';
import { endFamilySignIn, liveMemberIds, readFamilyToken } from './family-sign-in.ts';
import { circlesOf, claimCircles, updateOwnSettings } from './reader-settings.ts';

// The circle in the path is the reader's own membership there (policies: familyMember updateOwn).
const ownMembership = pathResource('familyMember', 'updateOwn', 'circle');

/** A reader's own routes (the reader scope): the circles they read, their settings in each, signing out here. */
export async function familyReaderRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get('/api/family/me', async (request) => circlesOf(db, readerIdentity(request).memberIds));

  api.patch('/api/family/me/:circle', { config: ownMembership.config, schema: { body: familyReaderPatchSchema } }, async (request) => {
    const member = ownMembership.of(request);
    await updateOwnSettings(db, member, request.body);
    const [circle] = await circlesOf(db, [member.id]);
    return circle;
  });

  // "Sign out on this device": the device's family sign-in ends for every circle it read.
  api.post('/api/family/sign-out', async (request, reply) => {
    await endFamilySignIn(db, request, reply);
    return reply.status(204).send();
  });
}

/**
 * "Read on another device" (signed in): the circles this device reads through its family
 * sign-in go onto the account, so that signing in elsewhere reads them too. A device
 * without a family sign-in has nothing to give: 401.
 */
export async function familyClaimRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  app.post('/api/family/claim', async (request) => {
    const user = currentUser(request);
    const token = readFamilyToken(request);
    const onDevice = token ? await liveMemberIds(db, token) : [];
    if (onDevice.length === 0) throw unauthorized();
    await claimCircles(db, user.id, onDevice);
    return circlesOf(db, onDevice);
  });
}
