import { useQuery } from '@tanstack/react-query';
import { isTranscriptionPending } from '../../../contract/engines.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { recordingStatusResponseSchema, recordingUploadResponseSchema, type RecordingUploadResponse } from '../../../contract/uploads.ts';
import { apiRequest, getJson } from './request.ts';

/** Uploads a new recording: `path` is the story's own endpoint or the general one, `form` its multipart body (spec 7.3). */
export async function uploadRecording(path: string, form: FormData): Promise<RecordingUploadResponse> {
  return recordingUploadResponseSchema.parse(await apiRequest('POST', path, form));
}

const isPending = (status: string | undefined) => status === undefined || isTranscriptionPending(status);

/** A recording's transcription status, re-read every 2 s while uploaded or transcribing (spec 7.12). */
export function useRecordingStatus(recordingId: number | null) {
  return useQuery({
    queryKey: ['/api/recordings', recordingId ?? 0, 'status'],
    queryFn: async () => recordingStatusResponseSchema.parse(await getJson<unknown>(`/api/recordings/${recordingId}/status`)),
    enabled: recordingId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status !== 'error' && isPending(query.state.data?.processingStatus) ? TIMINGS.statusPollMs : false,
  });
}
