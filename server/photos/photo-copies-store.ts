import type { Readable } from 'node:stream';
import { PHOTO_SIZES, type PhotoSize } from '../../contract/photos.ts';
import { notFound } from '../http/errors.ts';
import type { BlobStore } from '../storage/index.ts';
import { originalExtension } from './image-type.ts';
import { photoKey } from './photo-keys.ts';
import type { PhotoRow } from './save-photos.ts';

type StoredPhoto = Pick<PhotoRow, 'id' | 'userId' | 'originalType'>;

/** Where one copy of a photo is stored. */
export const photoCopyKey = (row: StoredPhoto, size: PhotoSize) => photoKey(row.userId, row.id, size, originalExtension(row.originalType));

/** The type a copy is served as: the derived copies are JPEG, the original what it was sniffed as. */
export const photoCopyType = (row: StoredPhoto, size: PhotoSize) => (size === 'original' ? row.originalType : 'image/jpeg');

/**
 * One copy of a photo from the store, as a stream with its type and size. Which sizes a
 * caller may have is the caller's rule: only the owner's route ever asks for `original`.
 */
export async function readPhotoCopy(
  store: BlobStore,
  row: StoredPhoto,
  size: PhotoSize,
): Promise<{ body: Readable; contentType: string; size: number }> {
  const stored = await store.get(photoCopyKey(row, size));
  if (!stored) throw notFound('Photo not found');
  return { body: stored.body, contentType: photoCopyType(row, size), size: stored.size };
}

/** Removes every stored copy of these photos (their rows are being, or have been, deleted). */
export async function deletePhotoBlobs(store: BlobStore, rows: readonly StoredPhoto[]): Promise<void> {
  for (const row of rows) {
    for (const size of PHOTO_SIZES) await store.delete(photoCopyKey(row, size));
  }
}
