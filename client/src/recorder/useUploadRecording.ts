import { useMutation } from '@tanstack/react-query';
import { recordingUploadResponseSchema, type RecordingUploadResponse } from '../../../contract/uploads.ts';
import { apiRequest } from '../api/request.ts';
import { recordingForm, recordingUploadPath, type RecordingUpload } from './recordingUpload.ts';

/** Uploads a new recording to the story it belongs to or to the general endpoint. */
export function useUploadRecording() {
  return useMutation({
    mutationFn: async (upload: RecordingUpload): Promise<RecordingUploadResponse> =>
      recordingUploadResponseSchema.parse(
        await apiRequest('POST', recordingUploadPath(upload.context), recordingForm(upload)),
      ),
  });
}
