import { useQuery } from '@tanstack/react-query';
import { CACHE_MS, TIMINGS } from '../../../contract/timings.ts';
import { recordingTimingsViewSchema, storyVoiceViewSchema, type RecordingTimingsView, type StoryVoiceView } from '../../../contract/voice.ts';
import { getJson } from './request.ts';

/** Under the recording's key, so a saved correction (the "recordings changed" notification) reads the timings again. */
export const recordingTimingsKey = (id: number) => ['/api/recordings', id, 'timings'] as const;

/** GET /api/recordings/{id}/timings: when each sentence (and word) of the transcript was said. */
export async function getRecordingTimings(id: number): Promise<RecordingTimingsView> {
  return recordingTimingsViewSchema.parse(await getJson<unknown>(`/api/recordings/${id}/timings`));
}

/**
 * The listening editor's timings; read again every 2 s while the background pass has not
 * timed the transcript yet (`pending`), so the editor appears when they are ready.
 */
export function useRecordingTimings(id: number) {
  return useQuery({
    queryKey: recordingTimingsKey(id),
    queryFn: () => getRecordingTimings(id),
    staleTime: CACHE_MS.stories,
    refetchInterval: (query) => (query.state.data?.pending ? TIMINGS.statusPollMs : false),
  });
}

/** Under the story's key, so an edit of the story (the "stories changed" notification) reads it again. */
export const storyVoiceKey = (storyId: number) => ['/api/stories', storyId, 'voice'] as const;

/** GET /api/stories/{id}/voice: where each paragraph was said, for the owner and family readers. */
export async function getStoryVoice(storyId: number): Promise<StoryVoiceView> {
  return storyVoiceViewSchema.parse(await getJson<unknown>(`/api/stories/${storyId}/voice`));
}

export function useStoryVoice(storyId: number) {
  return useQuery({ queryKey: storyVoiceKey(storyId), queryFn: () => getStoryVoice(storyId), staleTime: CACHE_MS.stories });
}
