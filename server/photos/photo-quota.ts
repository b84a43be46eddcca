import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { photos } from '../db/schema.ts';
import { rateLimitCounters } from '../http/rate-limit/counters.ts';
import { photoRefusal } from './photo-errors.ts';
import { type PhotoForm, type PhotoFormOptions, readPhotoForm } from './photo-form.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The bytes an account's photos take in the store, originals and copies (or those added through one co-author link): what the photo caps count. */
export async function storedPhotoBytes(db: Pick<Database, 'select'>, userId: string, linkTokenId?: number): Promise<number> {
  const whose = linkTokenId === undefined ? eq(photos.userId, userId) : and(eq(photos.userId, userId), eq(photos.coAuthorTokenId, linkTokenId));
  const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${photos.storedBytes}), 0)` }).from(photos).where(whose);
  return Number(row?.bytes ?? 0);
}

/**
 * Photo quotas, counted in the database so they hold across servers (like the recordings',
 * decision 029): uploads an hour per account (PHOTO_UPLOADS_PER_HOUR, counted before the
 * body is read, refused ones too) and the bytes its photos may take (ACCOUNT_PHOTO_MB), and
 * through a co-author link those of the link's photos (LINK_PHOTO_MB), checked before the
 * body is read and as the files arrive.
 */
export function photoQuotas(db: Database, limits: Config['photoLimits']) {
  const counters = rateLimitCounters(db);
  return {
    /** Every photo upload path's start: admitted by the quotas, then the form read within the room left. */
    async readUpload(
      userId: string,
      request: FastifyRequest,
      reply: FastifyReply,
      options: Omit<PhotoFormOptions, 'roomBytes' | 'roomRefusal'> & { linkTokenId?: number } = {},
    ): Promise<PhotoForm> {
      const hit = await counters.hit(`photo-uploads:user:${userId}`, HOUR_MS);
      if (hit.hits > limits.perHour) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(hit.ttlMs / 1000))));
        throw photoRefusal.uploadLimit();
      }
      const { linkTokenId, ...formOptions } = options;
      const accountRoom = limits.accountBytes - (await storedPhotoBytes(db, userId));
      const linkRoom = linkTokenId === undefined ? Infinity : limits.linkBytes - (await storedPhotoBytes(db, userId, linkTokenId));
      const roomRefusal = linkRoom < accountRoom ? photoRefusal.linkQuotaExceeded : photoRefusal.quotaExceeded;
      const roomBytes = Math.min(accountRoom, linkRoom);
      if (roomBytes <= 0) throw roomRefusal();
      return readPhotoForm(request, { ...formOptions, roomBytes, roomRefusal });
    },
  };
}

export type PhotoQuotas = ReturnType<typeof photoQuotas>;
