import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TemporalContext } from '../../../contract/temporal.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { recordingStatusResponseSchema } from '../../../contract/uploads.ts';
import { apiRequest, getJson } from './request.ts';
import { storyKey } from './stories.ts';

const isPending = (status: string | undefined) => status === undefined || status === 'uploaded' || status === 'transcribing';

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

/** Saves when a story happened (PUT /api/stories/{id}/temporal-context); the story reads again after. */
export function useSaveTemporalContext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, context }: { storyId: number; context: TemporalContext }) =>
      apiRequest('PUT', `/api/stories/${storyId}/temporal-context`, context),
    onSuccess: (_body, { storyId }) => {
      void queryClient.invalidateQueries({ queryKey: storyKey(storyId) });
      void queryClient.invalidateQueries({ queryKey: ['/api/timeline'] });
    },
  });
}
