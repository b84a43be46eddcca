import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordLinkOpened, UnsubscribeResult, WeeklyQuestionSettings, WeeklyQuestionSettingsView } from '../../../contract/family.ts';
import { CURRENT_USER_KEY } from './currentUser.ts';
import { apiRequest, getJson } from './request.ts';

const weeklyKey = ['/api/family/weekly-question'] as const;

/** GET /api/family/weekly-question: the weekly question e-mail's schedule. */
export function useWeeklyQuestionSettings() {
  return useQuery({ queryKey: weeklyKey, queryFn: async () => (await getJson<WeeklyQuestionSettingsView>(weeklyKey[0]))! });
}

/** PUT /api/family/weekly-question. */
export function useSaveWeeklyQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: WeeklyQuestionSettings) => apiRequest<WeeklyQuestionSettingsView>('PUT', weeklyKey[0], settings),
    onSuccess: (saved) => queryClient.setQueryData(weeklyKey, saved),
  });
}

/**
 * POST /api/record-links/{token}: spends the e-mail's once-only link on opening the page (and
 * signs this browser in as its storyteller when nobody is; the account is read again before the
 * recorder opens). A query, not an effect: a page drawn twice must not spend the link twice.
 */
export function useOpenRecordLink(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['record-link', token],
    queryFn: async () => {
      const opened = await apiRequest<RecordLinkOpened>('POST', `/api/record-links/${encodeURIComponent(token)}`);
      if (opened.signedIn) await queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY });
      return opened;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/email/unsubscribe?token=: stops what the e-mail's link names. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<UnsubscribeResult>('POST', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`),
  });
}
