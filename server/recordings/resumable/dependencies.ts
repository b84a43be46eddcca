import type { UploadQuotas } from '../upload-quota.ts';
import type { UploadDependencies } from '../upload-recording.ts';

/** What the upload in pieces needs: the multipart upload's own (database, store, queue) and its quotas. */
export interface RecordingUploadDependencies extends UploadDependencies {
  quotas: UploadQuotas;
}
