import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUpQuestionDto } from '../../../contract/follow-ups.ts';
import { useQuestionRefreshState, useRegenerateQuestions } from '../api/followUps.ts';
import { toast } from '../ui/toastStore.ts';
import { REFRESH_WAIT_MS, refreshOutcome, type RefreshWait } from './refreshWait.ts';

/** The unanswered questions, as a key that changes when the job replaces them. */
const unansweredKey = (questions: FollowUpQuestionDto[] | undefined) =>
  (questions ?? []).filter((q) => !q.isAnswered).map((q) => q.id).join(',');

/**
 * Refresh (POST regenerate-follow-up-questions): with nothing changed since the questions
 * were made, the server says so at once; otherwise running from the click until new
 * questions come or the job is seen finished (refreshWait.ts), at most a minute.
 */
export function useQuestionRefresh(storyId: number, questions: { data: FollowUpQuestionDto[] | undefined; dataUpdatedAt: number }) {
  const { t } = useTranslation('followUps');
  const regenerate = useRegenerateQuestions(storyId);
  const [waiting, setWaiting] = useState<RefreshWait | null>(null);
  const state = useQuestionRefreshState(storyId, waiting !== null);
  const [now, setNow] = useState(() => Date.now());
  const key = unansweredKey(questions.data);
  const outcome = waiting
    ? refreshOutcome(waiting, { key, questionsReadAt: questions.dataUpdatedAt, checkedAt: state.data?.checkedAt ?? null, stateReadAt: state.dataUpdatedAt, now })
    : null;

  useEffect(() => {
    if (outcome === 'waiting' || outcome === null) return;
    setWaiting(null);
    if (outcome === 'nothingNew') toast({ title: t('refreshNothingNew') });
  }, [outcome, t]);

  // The longest wait, when the server never says the job finished.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, REFRESH_WAIT_MS - (Date.now() - waiting.since)));
    return () => clearTimeout(timer);
  }, [waiting]);

  return {
    refreshing: regenerate.isPending || waiting !== null,
    refresh() {
      const before = key;
      regenerate.mutate(undefined, {
        onSuccess: (result) => {
          if ('upToDate' in result) toast({ title: t('refreshUpToDate') });
          else setWaiting({ key: before, requestedAt: result.requestedAt, since: Date.now() });
        },
        onError: () => toast({ title: t('refreshFailed'), variant: 'destructive' }),
      });
    },
  };
}
