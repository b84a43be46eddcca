import { type ArchiveImport, finishArchiveImport, sendArchivePiece, startArchiveImport } from '../api/archiveImport.ts';

/** Whether `file` is the one `upload` began with: an interrupted upload continues only with the same file. */
export const isSameFile = (file: File, upload: ArchiveImport) => file.size === upload.sizeBytes && file.name === (upload.fileName ?? file.name);

/** How much of an upload the server holds, as a whole percentage (never 100 before the last byte). */
export const uploadedPercent = (upload: Pick<ArchiveImport, 'receivedBytes' | 'sizeBytes'>) =>
  upload.receivedBytes >= upload.sizeBytes ? 100 : Math.floor((upload.receivedBytes / upload.sizeBytes) * 100);

/**
 * Sends an archive piece by piece: a new upload, or `stopped` continued from the byte the
 * server holds (`receivedBytes`: every piece before it is kept there). `onProgress` hears
 * each piece's answer; once every byte is in, the upload is finished and the server's job
 * reads it. A failure leaves the upload where it stopped, to continue with the same file.
 */
export async function uploadArchiveFile(
  file: File,
  stopped: ArchiveImport | null,
  onProgress: (upload: ArchiveImport) => void,
  signal: AbortSignal,
): Promise<ArchiveImport> {
  let upload = stopped ?? (await startArchiveImport({ sizeBytes: file.size, fileName: file.name }));
  onProgress(upload);
  while (upload.receivedBytes < upload.sizeBytes) {
    signal.throwIfAborted();
    const index = Math.floor(upload.receivedBytes / upload.chunkSize);
    const start = index * upload.chunkSize;
    upload = await sendArchivePiece(upload.id, index, file.slice(start, Math.min(start + upload.chunkSize, file.size)), signal);
    onProgress(upload);
  }
  return finishArchiveImport(upload.id);
}
