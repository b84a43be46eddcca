import type { FastifyInstance } from 'fastify';
import { pathResource } from '../access/path-resource.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { linksOf, presentLink, revokeLink, shareStory } from './links.ts';

// Making, seeing and revoking a story's link are the owner's, as editing the story is.
const storyToShare = pathResource('story', 'update');
const linkToRevoke = pathResource('coAuthorToken', 'delete', 'tokenId', {
  invalidId: () => new HttpError(400, 'invalid_token_id', 'Invalid token ID'),
});

/** The owner's side of co-author links (spec 7.7): create the story's one link, list it, revoke it. Signed in. */
export async function coAuthorLinkRoutes(app: FastifyInstance, deps: { site: SiteOrigin; db: Database }) {
  const { site, db } = deps;

  app.post('/api/stories/:id/co-author-token', { config: storyToShare.config }, async (request, reply) => {
    const origin = site.forLinks(); // before the link is made: a server that cannot give its address makes none
    const { link, created, token } = await shareStory(db, storyToShare.of(request));
    return reply.status(created ? 201 : 200).send(presentLink(link, origin, token));
  });

  app.get('/api/stories/:id/co-author-tokens', { config: storyToShare.config }, async (request) =>
    (await linksOf(db, storyToShare.of(request))).map((link) => presentLink(link, site.forLinks())),
  );

  app.delete('/api/co-author-tokens/:tokenId', { config: linkToRevoke.config }, async (request, reply) => {
    await revokeLink(db, linkToRevoke.of(request));
    return reply.status(204).send();
  });
}
