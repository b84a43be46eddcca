import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_SIZES, photoPatchSchema } from '../../contract/photos.ts';
import { pathResource } from '../access/path-resource.ts';
import { NOT_FOUND } from '../access/policies.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { sendStoredBlob } from '../http/send-blob.ts';
import type { BlobStore } from '../storage/index.ts';
import { originalExtension } from './image-type.ts';
import { changePhoto, deletePhoto } from './photo-changes.ts';
import { photoCopyKey, photoCopyType } from './photo-copies-store.ts';
import type { HomeKind, PhotoHomeTarget } from './photo-home.ts';
import type { PhotoQuotas } from './photo-quota.ts';
import { presentPhoto } from './presenter.ts';
import { sendPhotoCopy } from './served-copies.ts';
import { photosOf } from './queries.ts';
import { type PhotoRow, savePhotoUpload } from './save-photos.ts';

export interface PhotoRouteDependencies {
  db: Database;
  store: BlobStore;
  /** Photo uploads an hour and stored photo bytes per account. */
  quotas: PhotoQuotas;
}

/** Where each home's photos are, under `/api/{path}/:id/photos`. */
const HOME_PATHS: Record<HomeKind, string> = { story: 'stories', recording: 'recordings', person: 'people', place: 'places' };

/** A photo's copies: the owner's, and a shared story's derived copies for its family readers (never the original). */
const photoToRead = pathResource('photo', 'read', 'id', { readers: true });
const photoToChange = pathResource('photo', 'update');
const photoToDelete = pathResource('photo', 'delete');

const sizeQuery = z.object({ size: z.enum(PHOTO_SIZES).default('display') });

/** The answer to a list and to an upload: the owner's view of each photo. */
const photoList = (rows: PhotoRow[]) => ({ photos: rows.map((row) => presentPhoto(row)) });

/**
 * Photos (issue 27): uploads to a story, a recording, a person, a place, or none yet; a
 * home's list; one copy of a photo; caption and order; deletion. Every path's resource is
 * authorized before the body is read; the upload is admitted by the quotas before it is read.
 */
export async function photoRoutes(app: FastifyInstance, deps: PhotoRouteDependencies) {
  const { db, store } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of Object.keys(HOME_PATHS) as HomeKind[]) {
    const url = `/api/${HOME_PATHS[kind]}/:id/photos`;
    const homeToRead = pathResource(kind, 'read');
    const homeToChange = pathResource(kind, 'update');

    api.get(url, { config: homeToRead.config }, async (request) => photoList(await photosOf(db, kind, homeToRead.of(request).id)));

    api.post(url, { config: homeToChange.config }, async (request, reply) => {
      // The path's kind and its row go together (pathResource(kind)); TypeScript cannot pair them through the loop.
      const home = { kind, row: homeToChange.of(request) } as PhotoHomeTarget;
      const owner = currentUser(request);
      const form = await deps.quotas.readUpload(owner.id, request, reply);
      return reply.status(201).send(photoList(await savePhotoUpload(deps, { owner }, form, home)));
    });
  }

  // A photo of no home yet: "Tell me about this picture" from a new upload.
  api.post('/api/photos', async (request, reply) => {
    const owner = currentUser(request);
    const form = await deps.quotas.readUpload(owner.id, request, reply);
    return reply.status(201).send(photoList(await savePhotoUpload(deps, { owner }, form, { kind: 'none' })));
  });

  api.get('/api/photos/:id', { config: photoToRead.config, schema: { querystring: sizeQuery } }, async (request, reply) => {
    const photo = photoToRead.of(request);
    const { size } = request.query;
    // A family reader gets the derived copies only (no metadata at all); the original is the owner's alone.
    if (request.actor.kind === 'familyReader') {
      if (size === 'original') throw notFound(NOT_FOUND.photo);
      return sendPhotoCopy(request, reply, store, photo, size, 'private, max-age=3600');
    }
    // Otherwise the owner (a link's holder has routes of their own, without the original).
    return sendStoredBlob(request, reply, store, {
      key: photoCopyKey(photo, size),
      mimeType: photoCopyType(photo, size),
      // The original is downloaded, never rendered as a page of this site; the JPEG copies are shown.
      disposition: size === 'original' ? `attachment; filename="photo-${photo.id}.${originalExtension(photo.originalType)}"` : 'inline',
      cacheControl: 'private, max-age=3600',
      missing: 'Photo not found',
    });
  });

  api.patch('/api/photos/:id', { config: photoToChange.config, schema: { body: photoPatchSchema } }, async (request) =>
    presentPhoto(await changePhoto(db, photoToChange.of(request), request.body)),
  );

  api.delete('/api/photos/:id', { config: photoToDelete.config }, async (request, reply) => {
    await deletePhoto(db, store, photoToDelete.of(request));
    return reply.status(204).send();
  });
}
