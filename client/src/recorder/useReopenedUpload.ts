import { useEffect } from 'react';
import { ApiRequestError } from '../api/request.ts';
import { useRecordingStatus } from '../api/uploads.ts';
import type { ProcessingUpload } from './processingLink.ts';

/** Calls `gone` when the upload a reloaded post-upload screen names no longer exists for this user. */
export function useReopenedUpload(upload: ProcessingUpload | null, gone: () => void): void {
  const status = useRecordingStatus(upload?.recordingId ?? null);
  const missing = status.error instanceof ApiRequestError && status.error.status === 404;
  useEffect(() => {
    if (missing) gone();
    // Once, when the server says it is gone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing]);
}
