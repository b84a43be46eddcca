import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { photoCopySize } from '../../contract/photos.ts';
import { loadBySlug } from '../access/loaders.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { idOrNull, sendPhotoCopy, servedSizeQuery } from '../photos/served-copies.ts';
import { sendStoredAudio } from '../recordings/serve-audio.ts';
import type { BlobStore } from '../storage/index.ts';
import { etagOf, matchesEtag, PUBLIC_CACHE_CONTROL, sendCacheable } from '../http/http-cache.ts';
import { NARRATION_MIME_TYPE } from './join-narration.ts';
import { BARE_INDEX_HTML, renderMissingPage, renderPublishedPage } from './page.ts';
import { presentPublicStory, publicPagePath } from './presenter.ts';
import { publishedPhoto, publishedPhotosOf } from './published-photos.ts';
import { publishedVoice, publishedVoiceRecording } from './published-voice.ts';

interface PublicStoryDeps {
  config: Config;
  site: SiteOrigin;
  db: Database;
  store: BlobStore;
  /** Folder of the built client, whose index.html the page is built on; unset in API tests. */
  clientDir?: string;
}

/**
 * The public copy at this slug the request's actor may read (the published-read policy),
 * or none: unknown, unpublished, retired and refused look alike. The JSON, the audio and
 * the page each answer none in their own way.
 */
async function readableCopy(db: Database, request: FastifyRequest<{ Params: { slug: string } }>) {
  return loadBySlug(db, request.actor, request.params.slug, 'read').catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  });
}

/** The built client's index.html, read each time (the server may rebuild it), or a bare page without one. */
async function indexHtml(clientDir: string | undefined): Promise<string> {
  if (!clientDir) return BARE_INDEX_HTML;
  return readFile(path.join(clientDir, 'index.html'), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return BARE_INDEX_HTML;
    throw error;
  });
}

/**
 * What anyone may read of a published story (spec 7.6), each rate limited per address:
 * GET /api/published/{slug}, its narration at /api/published/{slug}/audio (byte ranges),
 * its published photos' derived copies at /api/published/{slug}/photos/{photoId}, the teller's
 * voice when published with it (/api/published/{slug}/voice and each of its recordings at
 * /voice/{recordingId}/audio), and the page /published/{slug}, rendered here so it reads and
 * previews without JavaScript. Reads are cacheable for a minute with an ETag.
 */
export async function publicStoryRoutes(app: FastifyInstance, deps: PublicStoryDeps) {
  const { config, db, store } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Any value is looked up as a slug: one that cannot be is a 404 like an unknown one.
  const route = { config: { rateLimit: perAddress(config.publicRateLimit) }, schema: { params: z.object({ slug: z.string() }) } };

  api.get('/api/published/:slug', route, async (request, reply) => {
    const copy = await loadBySlug(db, request.actor, request.params.slug, 'read');
    const story = presentPublicStory(copy, await publishedPhotosOf(db, copy));
    return sendCacheable(request, reply, JSON.stringify(story), 'application/json; charset=utf-8');
  });

  // A derived copy of a photo the copy shows: never the original (its GPS and camera serial stay the owner's).
  api.get(
    '/api/published/:slug/photos/:photoId',
    { ...route, schema: { params: z.object({ slug: z.string(), photoId: z.string() }), querystring: servedSizeQuery } },
    async (request, reply) => {
      const copy = await readableCopy(db, request);
      const photoId = idOrNull(request.params.photoId);
      const photo = copy && photoId !== null ? await publishedPhoto(db, copy, photoId) : undefined;
      if (!photo) throw notFound('Photo not found');
      return sendPhotoCopy(request, reply, store, photo, request.query.size, PUBLIC_CACHE_CONTROL);
    },
  );

  api.get('/api/published/:slug/audio', route, async (request, reply) => {
    const copy = await readableCopy(db, request);
    if (!copy || copy.audioStatus !== 'ready' || !copy.audioKey) throw notFound('Audio not found');
    // Each narration has its own key: the key is the version.
    const etag = etagOf(copy.audioKey);
    reply.header('etag', etag);
    if (!request.headers.range && matchesEtag(request.headers['if-none-match'], etag)) {
      return reply.status(304).header('cache-control', PUBLIC_CACHE_CONTROL).send();
    }
    return sendStoredAudio(request, reply, store, {
      key: copy.audioKey,
      mimeType: NARRATION_MIME_TYPE,
      disposition: `inline; filename="${copy.slug}.mp3"`,
      cacheControl: PUBLIC_CACHE_CONTROL,
    });
  });

  api.get('/api/published/:slug/voice', route, async (request, reply) => {
    const copy = await readableCopy(db, request);
    const voice = copy && (await publishedVoice(db, copy));
    if (!voice) throw notFound('Not published with the teller\'s voice');
    return sendCacheable(request, reply, JSON.stringify(voice), 'application/json; charset=utf-8');
  });

  // Only a recording the published spans play, while it is still the story's: never another one of the owner's.
  api.get(
    '/api/published/:slug/voice/:recordingId/audio',
    { ...route, schema: { params: z.object({ slug: z.string(), recordingId: z.string() }) } },
    async (request, reply) => {
      const copy = await readableCopy(db, request);
      const recordingId = idOrNull(request.params.recordingId);
      const recording = copy && recordingId !== null ? await publishedVoiceRecording(db, copy, recordingId) : undefined;
      if (!recording) throw notFound('Audio not found');
      return sendStoredAudio(request, reply, store, {
        key: recording.audioKey,
        mimeType: recording.mimeType,
        // As the owner's own route: an uploaded file opened on its own is downloaded, never rendered here.
        disposition: 'attachment',
        // Not kept by shared caches: unpublishing (or taking the voice off) stops it at once.
        cacheControl: 'private, no-cache',
      });
    },
  );

  api.get('/published/:slug', route, async (request, reply) => {
    const [copy, index] = await Promise.all([readableCopy(db, request), indexHtml(deps.clientDir)]);
    if (!copy) {
      // The app shows "Story Not Found"; a page published a moment later must not be hidden by a cache.
      return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderMissingPage(index));
    }
    const story = presentPublicStory(copy, await publishedPhotosOf(db, copy));
    // The site's own address (never the request's Host); relative when the server does not know it.
    const known = deps.site.linksOrNull();
    const origin = known ?? '';
    const cover = story.photos[0];
    const html = renderPublishedPage(index, story, {
      page: `${origin}${publicPagePath(copy.slug)}`,
      audio: story.audioUrl ? `${origin}${story.audioUrl}` : null,
      // A preview needs an absolute image address: none without a known origin.
      image: cover && known ? { url: `${known}${cover.urls.display}`, ...photoCopySize(cover.width, cover.height, 'display'), alt: cover.caption } : null,
    });
    return sendCacheable(request, reply, html, 'text/html; charset=utf-8');
  });
}
