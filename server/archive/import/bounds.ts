import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';

/**
 * How far the reader goes before it calls an archive hostile. Every bound is checked from
 * the ZIP's central directory before an entry is read, and again on the bytes actually
 * inflated (a header can lie).
 */
export interface ArchiveBounds {
  /** Entries in the ZIP: a real archive has a few per recording and story; a million tiny ones are refused from the count alone. */
  maxEntries: number;
  /** The most any entry may inflate to, per byte it takes in the ZIP, once it is larger than `ratioFreeBytes`. */
  maxEntryRatio: number;
  ratioFreeBytes: number;
  /** All entries together, per byte of the ZIP (text compresses well; audio barely). */
  maxTotalRatio: number;
  /** A tiny archive may still hold this much. */
  totalFloorBytes: number;
  /** Above the account's audio and photo caps, room for the text, the books and the offline site (with its photos' display copies). */
  textAllowanceBytes: number;
  /** One data/*.json file, read into memory to parse it. */
  maxJsonBytes: number;
  /** archive.json. */
  maxManifestBytes: number;
  /** One recording: what an upload may be. */
  maxAudioBytes: number;
}

export const DEFAULT_BOUNDS: ArchiveBounds = {
  maxEntries: 200_000,
  maxEntryRatio: 200,
  ratioFreeBytes: 1024 * 1024,
  maxTotalRatio: 100,
  totalFloorBytes: 16 * 1024 * 1024,
  textAllowanceBytes: 4 * 1024 * 1024 * 1024,
  maxJsonBytes: 256 * 1024 * 1024,
  maxManifestBytes: 1024 * 1024,
  maxAudioBytes: RECORDING_LIMITS.maxUploadBytes,
};

/**
 * The most an archive of `archiveBytes` may hold uncompressed: at most `maxTotalRatio` times
 * its own size, and never more than the account's audio and photo caps with room for the text.
 */
export function maxUncompressedBytes(bounds: ArchiveBounds, archiveBytes: number, accountMediaBytes: number): number {
  const byRatio = Math.max(bounds.totalFloorBytes, archiveBytes * bounds.maxTotalRatio);
  return Math.min(byRatio, accountMediaBytes + bounds.textAllowanceBytes);
}
