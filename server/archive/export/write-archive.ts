import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Language } from '../../../contract/languages.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../storage/index.ts';
import { ARCHIVE_FORMAT, ARCHIVE_PATHS, ARCHIVE_VERSION, type ArchiveManifest } from '../format.ts';

/** Placeholder: the export-core helper writes the real writer (this one holds only README.txt and archive.json). */
export async function writeArchive(
  deps: { db: Database; store: BlobStore },
  request: { userId: string; language: Language; exportedAt: Date },
  zipFile: string,
  options: { onProgress(done: number, total: number): Promise<void>; signal?: AbortSignal },
): Promise<{ sizeBytes: number }> {
  void deps;
  const zip = new ZipFile();
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: request.exportedAt.toISOString(),
    language: request.language,
    account: { name: null, authorName: null },
    counts: {},
  };
  zip.addBuffer(Buffer.from(request.language === 'fi' ? 'Saaga-arkisto\n' : 'Saaga archive\n'), ARCHIVE_PATHS.readme);
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), ARCHIVE_PATHS.manifest);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipFile), { signal: options.signal });
  await options.onProgress(1, 1);
  return { sizeBytes: (await stat(zipFile)).size };
}
