import { useMutation } from '@tanstack/react-query';
import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import { uploadRecording } from '../api/uploads.ts';
import { recordingForm, recordingUploadPath, type RecordingUpload } from './recordingUpload.ts';

/** Uploads a new recording to the story it belongs to or to the general endpoint. */
export function useUploadRecording() {
  return useMutation({
    mutationFn: (upload: RecordingUpload): Promise<RecordingUploadResponse> => uploadRecording(recordingUploadPath(upload.context), recordingForm(upload)),
  });
}
