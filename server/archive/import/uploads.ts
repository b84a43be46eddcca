import { and, count, desc, eq, gt } from 'drizzle-orm';
import { ARCHIVE_LIMITS, type ArchiveImportStartBody } from '../../../contract/archive.ts';
import type { Authorized } from '../../access/policies.ts';
import type { Database } from '../../db/client.ts';
import { archiveImports } from '../../db/schema.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendJob } from '../../jobs/send-job.ts';
import type { BlobStore } from '../../storage/index.ts';
import { importArchiveJob } from './import-archive-job.ts';
import { storedPhotoBytes } from '../../photos/photo-quota.ts';
import { storedAudioBytes } from '../../recordings/stored-audio.ts';
import { IMPORT_PIECES, removePieces } from './keys.ts';
import type { ImportRow } from './presenter.ts';
import { type ReceivedCount, receivePiece as receiveUploadPiece } from '../../uploads/pieces.ts';
import { uploadRefusal } from './refusals.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UploadDependencies {
  db: Database;
  store: BlobStore;
  queue: Queue;
  /** The account's stored-audio cap (ACCOUNT_AUDIO_MB). */
  accountAudioBytes: number;
  /** The account's stored-photo cap (ACCOUNT_PHOTO_MB). */
  accountPhotoBytes: number;
}

/**
 * A new upload of an archive. At most `importsPerDay` a day, counted from the table (every
 * API server sees the same); the whole file must fit the room the account has for audio and
 * photos together (the job checks each again against what is actually in it).
 */
export async function startImport(deps: UploadDependencies, userId: string, body: ArchiveImportStartBody): Promise<ImportRow> {
  const { db } = deps;
  const [today] = await db
    .select({ n: count() })
    .from(archiveImports)
    .where(and(eq(archiveImports.userId, userId), gt(archiveImports.createdAt, new Date(Date.now() - DAY_MS))));
  if ((today?.n ?? 0) >= ARCHIVE_LIMITS.importsPerDay) throw uploadRefusal.perDay();
  if (body.sizeBytes > ARCHIVE_LIMITS.importMaxBytes) throw uploadRefusal.tooLarge();
  const room = deps.accountAudioBytes - (await storedAudioBytes(db, userId)) + deps.accountPhotoBytes - (await storedPhotoBytes(db, userId));
  if (body.sizeBytes > room) throw uploadRefusal.noRoom();
  const [row] = await db
    .insert(archiveImports)
    .values({ userId, sizeBytes: body.sizeBytes, fileName: body.fileName || null })
    .returning();
  return row;
}

/** How the table moves an import's received count (server/uploads/ keeps the pieces). */
const importCount = (db: Database): ReceivedCount<ImportRow> => ({
  advance: async (upload, receivedBytes) =>
    (
      await db
        .update(archiveImports)
        .set({ receivedBytes, updatedAt: new Date() })
        .where(and(eq(archiveImports.id, upload.id), eq(archiveImports.receivedBytes, upload.receivedBytes), eq(archiveImports.state, 'uploading')))
        .returning()
    )[0],
  current: (upload) => importRow(db, upload.id),
});

/**
 * Keeps one piece by the rule of every upload in pieces (server/uploads/pieces.ts): the next
 * one, `chunkSize` long but the last, stored before `receivedBytes` moves; the last one sent
 * again changes nothing.
 */
export async function receivePiece(
  deps: UploadDependencies,
  upload: Authorized<ImportRow, 'update'>,
  index: number,
  bytes: Buffer,
): Promise<ImportRow> {
  if (upload.state !== 'uploading') throw uploadRefusal.notUploading();
  return receiveUploadPiece<ImportRow>(deps.store, IMPORT_PIECES, importCount(deps.db), upload, index, bytes);
}

/** Every byte is in: the job reads the archive into the account. A second finish answers the same. */
export async function finishUpload(deps: UploadDependencies, upload: Authorized<ImportRow, 'update'>): Promise<ImportRow> {
  if (upload.state !== 'uploading') return upload;
  if (upload.receivedBytes !== upload.sizeBytes) throw uploadRefusal.incomplete();
  const [queued] = await deps.db
    .update(archiveImports)
    .set({ state: 'queued', updatedAt: new Date() })
    .where(and(eq(archiveImports.id, upload.id), eq(archiveImports.state, 'uploading')))
    .returning();
  if (!queued) return importRow(deps.db, upload.id);
  await sendJob(deps.queue, importArchiveJob, { importId: upload.id });
  return queued;
}

/**
 * Cancels an upload: its pieces go, and the import stays listed as failed with the code
 * `import_cancelled` (it still counts towards the day's imports). An import the job has
 * taken cannot be taken back half way (it adds everything or nothing); a finished one is
 * finished.
 */
export async function cancelImport(deps: UploadDependencies, upload: Authorized<ImportRow, 'delete'>): Promise<void> {
  if (upload.state === 'queued' || upload.state === 'running') throw uploadRefusal.busy();
  if (upload.state !== 'uploading') throw uploadRefusal.notUploading();
  const cancelled = uploadRefusal.cancelled();
  const [stopped] = await deps.db
    .update(archiveImports)
    .set({ state: 'failed', errorCode: cancelled.code, error: cancelled.message, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(archiveImports.id, upload.id), eq(archiveImports.state, 'uploading')))
    .returning({ id: archiveImports.id });
  if (!stopped) throw uploadRefusal.notUploading();
  await removePieces(deps.store, upload);
}

/** The person's imports, newest first. */
export function listImports(db: Database, userId: string): Promise<ImportRow[]> {
  return db.select().from(archiveImports).where(eq(archiveImports.userId, userId)).orderBy(desc(archiveImports.createdAt)).limit(20);
}

export async function importRow(db: Pick<Database, 'select'>, id: string): Promise<ImportRow> {
  const [row] = await db.select().from(archiveImports).where(eq(archiveImports.id, id));
  if (!row) throw new Error(`archive import ${id} is gone`);
  return row;
}
