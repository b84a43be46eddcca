import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { HttpError } from '../../http/errors.ts';
import { type ArchiveBounds, maxUncompressedBytes } from './bounds.ts';
import { archiveRefusal } from './refusals.ts';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** "Made by" Unix in the central directory: only then do the upper attribute bits hold a file mode. */
const UNIX = 3;

export interface ArchiveEntry {
  name: string;
  /** As the central directory declares it; the bytes inflated are counted against it as they come. */
  sizeBytes: number;
  entry: yauzl.Entry;
}

export interface OpenArchive {
  /** The plain files, by name (directories left out). */
  files: ReadonlyMap<string, ArchiveEntry>;
  /** A file's bytes in memory, refused past `maxBytes` (checked on the declared size first). */
  readBuffer(file: ArchiveEntry, maxBytes: number, tooLarge: () => HttpError): Promise<Buffer>;
  /** A file's bytes written to `path`, with their SHA-256. */
  extract(file: ArchiveEntry, path: string): Promise<{ sizeBytes: number; sha256: string }>;
  close(): void;
}

/**
 * Opens a ZIP that came from outside and checks every entry from its central directory
 * before anything is read: names inside the archive (yauzl refuses absolute paths, `..` and,
 * with strictFileNames, backslashes; the same rule is checked here again), plain files and
 * folders only (no links, devices or pipes), at most `maxEntries` entries (refused from the
 * directory's count before one is read), sizes within the bounds. Then every read counts
 * the bytes actually inflated (yauzl's validateEntrySizes stops an entry that inflates past
 * its declared size; this stops the whole past the archive's bound).
 */
/** `accountMediaBytes`: the account's caps for audio and photos together (what an archive's files may add). */
export async function openArchive(file: string, archiveBytes: number, accountMediaBytes: number, bounds: ArchiveBounds): Promise<OpenArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true, decodeStrings: true }, (error, opened) =>
      error || !opened ? reject(archiveRefusal.notAnArchive()) : resolve(opened),
    );
  });
  try {
    if (zip.entryCount > bounds.maxEntries) throw archiveRefusal.tooManyEntries();
    const totalBound = maxUncompressedBytes(bounds, archiveBytes, accountMediaBytes);
    const files = await listEntries(zip, bounds, totalBound);
    let inflated = 0;
    const counter = (declared: number) => {
      let own = 0;
      return new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          own += chunk.length;
          inflated += chunk.length;
          if (own > declared || inflated > totalBound) callback(archiveRefusal.bomb());
          else callback(null, chunk);
        },
      });
    };
    const open = (found: ArchiveEntry) =>
      new Promise<Readable>((resolve, reject) => {
        zip.openReadStream(found.entry, (error, stream) => (error || !stream ? reject(readRefusal(error)) : resolve(stream)));
      });

    return {
      files,
      async readBuffer(found, maxBytes, tooLarge) {
        if (found.sizeBytes > maxBytes) throw tooLarge();
        const parts: Buffer[] = [];
        const collect = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            parts.push(chunk);
            callback();
          },
        });
        await pipeline(await open(found), counter(found.sizeBytes), collect).catch((error: unknown) => {
          throw readRefusal(error);
        });
        return Buffer.concat(parts);
      },
      async extract(found, path) {
        const hash = createHash('sha256');
        let sizeBytes = 0;
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            sizeBytes += chunk.length;
            callback(null, chunk);
          },
        });
        await pipeline(await open(found), counter(found.sizeBytes), hashing, createWriteStream(path, { flags: 'wx', mode: 0o600 })).catch(
          (error: unknown) => {
            throw readRefusal(error);
          },
        );
        return { sizeBytes, sha256: hash.digest('hex') };
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Reads the central directory entry by entry, refusing the archive at the first entry that breaks a rule. */
function listEntries(zip: yauzl.ZipFile, bounds: ArchiveBounds, totalBound: number): Promise<Map<string, ArchiveEntry>> {
  const files = new Map<string, ArchiveEntry>();
  const names = new Set<string>();
  let declared = 0;
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        const name = entry.fileName;
        if (!isInside(name)) throw archiveRefusal.unsafePath();
        // Two entries of one name: which one is meant cannot be told.
        if (names.has(name.toLowerCase())) throw archiveRefusal.damaged();
        names.add(name.toLowerCase());
        const isFolder = name.endsWith('/');
        const madeBy = entry.versionMadeBy >> 8;
        const mode = madeBy === UNIX ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
        if (mode !== 0 && mode !== (isFolder ? S_IFDIR : S_IFREG)) throw archiveRefusal.notAFile();
        if (entry.isEncrypted()) throw archiveRefusal.damaged();
        declared += entry.uncompressedSize;
        if (declared > totalBound) throw archiveRefusal.bomb();
        const ratioed = entry.uncompressedSize > bounds.ratioFreeBytes;
        if (ratioed && entry.uncompressedSize > Math.max(1, entry.compressedSize) * bounds.maxEntryRatio) throw archiveRefusal.bomb();
        if (!isFolder) files.set(name, { name, sizeBytes: entry.uncompressedSize, entry });
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.on('end', () => resolve(files));
    zip.on('error', (error: unknown) => reject(readRefusal(error)));
    zip.readEntry();
  });
}

/** A name that stays inside the archive: relative, no `..`, no backslash, no drive, no control characters. */
export function isInside(name: string): boolean {
  if (name === '' || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\')) return false;
  if (/[\u0000-\u001f]/.test(name)) return false;
  return !name.split('/').some((part) => part === '..' || part === '.');
}

/** What yauzl's own refusals mean for the person. */
function readRefusal(error: unknown): unknown {
  if (error && typeof error === 'object' && 'statusCode' in error) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(message)) return archiveRefusal.unsafePath();
  if (/too many bytes in the stream/.test(message)) return archiveRefusal.bomb();
  if ((error as NodeJS.ErrnoException | undefined)?.syscall) return error; // this machine's disk, not the archive
  return archiveRefusal.damaged();
}
