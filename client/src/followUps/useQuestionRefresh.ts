import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUpQuestionDto } from '../../../contract/follow-ups.ts';
import { useRegenerateQuestions } from '../api/followUps.ts';
import { toast } from '../ui/toastStore.ts';

/** How long a refresh is shown as running before the screen says nothing new came. */
export const REFRESH_WAIT_MS = 60_000;

/** The unanswered questions, as a key that changes when the job replaces them. */
const unansweredKey = (questions: FollowUpQuestionDto[] | undefined) =>
  (questions ?? []).filter((q) => !q.isAnswered).map((q) => q.id).join(',');

/**
 * Refresh (POST regenerate-follow-up-questions): running from the click until the
 * unanswered questions have been replaced, or for at most a minute.
 */
export function useQuestionRefresh(storyId: number, questions: FollowUpQuestionDto[] | undefined) {
  const { t } = useTranslation('followUps');
  const regenerate = useRegenerateQuestions(storyId);
  const [waiting, setWaiting] = useState<{ key: string; since: number } | null>(null);
  const key = unansweredKey(questions);

  useEffect(() => {
    if (waiting && key !== waiting.key) setWaiting(null);
  }, [key, waiting]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaiting(null);
      toast({ title: t('refreshNothingNew') });
    }, Math.max(0, REFRESH_WAIT_MS - (Date.now() - waiting.since)));
    return () => clearTimeout(timer);
  }, [waiting, t]);

  return {
    refreshing: regenerate.isPending || waiting !== null,
    refresh() {
      const before = key;
      regenerate.mutate(undefined, {
        onSuccess: () => setWaiting({ key: before, since: Date.now() }),
        onError: () => toast({ title: t('refreshFailed'), variant: 'destructive' }),
      });
    },
  };
}
