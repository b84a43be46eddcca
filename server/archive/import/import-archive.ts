import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { archiveImports, users } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/context.ts';
import { enqueueTranscription } from '../../pipeline/queues.ts';
import { makeTempFolder } from '../../storage/temp-folders.ts';
import { assemblePieces } from './assemble.ts';
import { storedAudioBytes } from '../../recordings/stored-audio.ts';
import { archiveAudioBytes, storeRecordingsAudio } from './audio.ts';
import { type ArchiveBounds, DEFAULT_BOUNDS } from './bounds.ts';
import { readContents } from './contents.ts';
import { insertArchiveRows } from './insert-rows.ts';
import { removePieces } from './keys.ts';
import { storedPhotoBytes } from '../../photos/photo-quota.ts';
import { archivePhotoBytes, storeArchivePhotos } from './photos.ts';
import { archiveRefusal, isArchiveRefusal } from './refusals.ts';
import { openArchive } from './zip-reader.ts';

/**
 * Reads an uploaded archive into its account, all or nothing. Everything that can be checked
 * without writing is checked first (the ZIP's entries, archive.json, every data file and
 * reference, the room for its audio); then each recording's audio and each photo's original
 * is checked as an upload is and stored under a fresh key (a photo's copies made again);
 * then every row is inserted in one transaction, which also
 * marks the import done. A refusal or a failure on the way removes the audio already stored,
 * so no row and no file is left. A refusal (the archive's fault) is kept on the row as
 * failed; any other error is thrown for the job to retry from the start.
 */
export async function importArchive(ctx: Pick<JobContext, 'db' | 'store' | 'queue' | 'accountAudioBytes' | 'accountPhotoBytes'>, importId: string, bounds: ArchiveBounds = DEFAULT_BOUNDS): Promise<void> {
  const { db, store } = ctx;
  const [taken] = await db
    .update(archiveImports)
    .set({ state: 'running', updatedAt: new Date() })
    .where(and(eq(archiveImports.id, importId), inArray(archiveImports.state, ['queued', 'running'])))
    .returning();
  if (!taken) return; // done, failed, cancelled or never finished: nothing to do

  const written: string[] = [];
  const { dir, remove } = await makeTempFolder('import');
  try {
    const zipFile = path.join(dir, 'archive.zip');
    await assemblePieces(store, taken, zipFile);
    const archive = await openArchive(zipFile, taken.sizeBytes, ctx.accountAudioBytes + ctx.accountPhotoBytes, bounds);
    try {
      const { data } = await readContents(archive, bounds);
      const room = ctx.accountAudioBytes - (await storedAudioBytes(db, taken.userId));
      if (archiveAudioBytes(archive, data.recordings) > room) throw archiveRefusal.noRoom();
      const photoRoom = ctx.accountPhotoBytes - (await storedPhotoBytes(db, taken.userId));
      if (archivePhotoBytes(archive, data.photos) > photoRoom) throw archiveRefusal.noPhotoRoom();

      const total = data.recordings.length + data.photos.length + 1;
      let done = 0;
      await progress(ctx, importId, done, total);
      const audio = await storeRecordingsAudio(archive, data.recordings, {
        userId: taken.userId,
        store,
        dir,
        bounds,
        written,
        onStored: () => progress(ctx, importId, ++done, total),
      });
      const photos = await storeArchivePhotos(archive, data.photos, {
        db,
        userId: taken.userId,
        store,
        dir,
        bounds,
        written,
        onStored: () => progress(ctx, importId, ++done, total),
      });

      const added = await db.transaction(async (tx) => {
        // Two imports into one account take turns here, so together they cannot pass the audio cap.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, taken.userId)).for('update');
        const result = await insertArchiveRows(tx, taken.userId, data, audio, photos);
        if (data.recordings.length > 0 && (await storedAudioBytes(tx, taken.userId)) > ctx.accountAudioBytes) throw archiveRefusal.noRoom();
        if (data.photos.length > 0 && (await storedPhotoBytes(tx, taken.userId)) > ctx.accountPhotoBytes) throw archiveRefusal.noPhotoRoom();
        const [marked] = await tx
          .update(archiveImports)
          .set({ state: 'done', counts: result.counts, progressDone: total, progressTotal: total, finishedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(archiveImports.id, importId), eq(archiveImports.state, 'running')))
          .returning({ id: archiveImports.id });
        // Another run finished it meanwhile (a worker thought dead): this one adds nothing.
        if (!marked) throw new SupersededError();
        return result;
      });
      written.length = 0; // the rows name them now
      for (const recordingId of added.untranscribed) await enqueueTranscription(ctx.queue, recordingId);
    } finally {
      archive.close();
    }
    await removePieces(store, taken);
  } catch (error) {
    await removeAll(ctx, written);
    if (error instanceof SupersededError) return;
    if (!isArchiveRefusal(error)) throw error;
    // The pieces go first: once the row says failed, nothing of the archive is left.
    await removePieces(store, taken);
    await markFailed(ctx, importId, error.code, error.message);
  } finally {
    await remove();
  }
}

class SupersededError extends Error {}

async function progress(ctx: Pick<JobContext, 'db'>, importId: string, done: number, total: number) {
  await ctx.db.update(archiveImports).set({ progressDone: done, progressTotal: total }).where(eq(archiveImports.id, importId));
}

/** Removes the audio stored for an import that did not finish; what a crash leaves, the orphan sweep removes. */
async function removeAll(ctx: Pick<JobContext, 'store'>, keys: string[]) {
  for (const key of keys) await ctx.store.delete(key).catch(() => undefined);
  keys.length = 0;
}

/** The import failed: its row says why, in a code the client translates. */
export async function markFailed(ctx: Pick<JobContext, 'db'>, importId: string, code: string, message: string): Promise<void> {
  await ctx.db
    .update(archiveImports)
    .set({ state: 'failed', errorCode: code, error: message, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(archiveImports.id, importId), inArray(archiveImports.state, ['queued', 'running'])));
}

