import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECORDING_LIMITS } from '../../contract/recording-limits.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { HttpError } from '../http/errors.ts';
import { rateLimitCounters } from '../http/rate-limit/counters.ts';
import { storedAudioBytes, storedContributionBytes, storedReplyBytes } from './stored-audio.ts';
import { uploadRefusal } from './upload-errors.ts';
import { readUploadForm, type UploadForm, type UploadFormOptions } from './upload-form.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Whose quota an upload counts against: the account's, and a co-author link's as well. */
export interface UploadQuotaSubject {
  /** The account the recording will belong to (a link's story's owner). */
  userId: string;
  /** The co-author link it comes through, and the link's story. */
  link?: { id: number; storyId: number };
  /** The family reader a voice reply comes from: counted like a link, per member (server/family/replies.ts). */
  member?: { id: number };
}

/** How large the coming file may be, and what to answer when it grows past that. */
export interface UploadRoom {
  maxBytes: number;
  overLimit: () => HttpError;
}

/**
 * Upload quotas (decision 029), counted in the database so they hold across servers:
 * recordings an hour in the shared rate-limit counters (counted before the body is read,
 * refused ones too), and stored audio summed from the recordings' sizes. A co-author's
 * contribution counts for its link and for the story's owner.
 */
export function uploadQuotas(db: Database, limits: Config['uploadLimits']) {
  const counters = rateLimitCounters(db);

  const quotas = {
    /**
     * Counts the upload against the hour's allowance and answers the room left for its
     * file; throws the refusal (429 or 413) when either is used up. Call it before reading
     * the body; `reply` gets a Retry-After when the hour is full.
     */
    async admit(subject: UploadQuotaSubject, reply: FastifyReply): Promise<UploadRoom> {
      const { link, member } = subject;
      const contributed = link !== undefined || member !== undefined;
      const contributionLimit = member ? uploadRefusal.replyLimit : uploadRefusal.contributionLimit;
      const hourFull = (ttlMs: number, refusal: () => HttpError) => {
        reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
        return refusal();
      };
      // The link's own count first: a busy link does not use up its owner's hour.
      if (link) {
        const hit = await counters.hit(`uploads:link:${link.id}`, HOUR_MS);
        if (hit.hits > limits.linkPerHour) throw hourFull(hit.ttlMs, uploadRefusal.contributionLimit);
      }
      if (member) {
        const hit = await counters.hit(`uploads:member:${member.id}`, HOUR_MS);
        if (hit.hits > limits.linkPerHour) throw hourFull(hit.ttlMs, uploadRefusal.replyLimit);
      }
      const hit = await counters.hit(`uploads:user:${subject.userId}`, HOUR_MS);
      if (hit.hits > limits.perHour) throw hourFull(hit.ttlMs, contributed ? contributionLimit : uploadRefusal.uploadLimit);
      return quotas.room(subject);
    },

    /**
     * The room left for one file by the stored-audio caps, without counting an upload: what
     * `admit` answers, and what an upload in pieces is held to again when it is finished.
     */
    async room(subject: UploadQuotaSubject): Promise<UploadRoom> {
      const { link, member } = subject;
      const full = link !== undefined || member !== undefined ? uploadRefusal.contributionStorageLimit : uploadRefusal.storageLimit;
      let room = limits.accountBytes - (await storedAudioBytes(db, subject.userId));
      if (link) room = Math.min(room, limits.linkBytes - (await storedContributionBytes(db, link)));
      if (member) room = Math.min(room, limits.linkBytes - (await storedReplyBytes(db, member)));
      if (room <= 0) throw full();
      return room < RECORDING_LIMITS.maxUploadBytes
        ? { maxBytes: room, overLimit: full }
        : { maxBytes: RECORDING_LIMITS.maxUploadBytes, overLimit: uploadRefusal.tooLarge };
    },

    /** Every upload path's start: admitted by the quotas, then the form read within the room left. */
    async readUpload(subject: UploadQuotaSubject, request: FastifyRequest, reply: FastifyReply, options: UploadFormOptions = {}): Promise<UploadForm> {
      const room = await quotas.admit(subject, reply);
      return readUploadForm(request, room.maxBytes, { ...options, overLimit: room.overLimit });
    },
  };
  return quotas;
}

export type UploadQuotas = ReturnType<typeof uploadQuotas>;

/** Refuses a file the room cannot take, by its size (an upload in pieces says its size before a byte is sent). */
export function refuseOverRoom(room: UploadRoom, sizeBytes: number): void {
  if (sizeBytes > room.maxBytes) throw room.overLimit();
}
