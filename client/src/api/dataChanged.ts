import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** Every list that shows stories or recordings, or counts drawn from them. */
const CHANGED_WITH_STORIES = ['/api/stories', '/api/recordings', '/api/timeline', '/api/people', '/api/places', '/api/chapters', '/api/follow-up-questions', '/api/interviewer'];

/** Raises the spec's "stories or recordings changed" notification (7.1): their lists and details read again. */
export function useDataChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const path of CHANGED_WITH_STORIES) void queryClient.invalidateQueries({ queryKey: [path] });
  }, [queryClient]);
}
