import { useEffect, useId, useState } from 'react';
import { CheckCircle2, Loader2, MessageCircleQuestion, Mic, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FOLLOW_UP_POLL, type FollowUpQuestionDto, questionsExpectedSince } from '../../../contract/follow-ups.ts';
import type { StoryDto } from '../../../contract/library.ts';
import { useAwaitedEngine } from '../api/engines.ts';
import { useDeleteQuestion, useStoryQuestions } from '../api/followUps.ts';
import { isStoryWritten } from '../api/storyProgress.ts';
import { Button, buttonClasses, focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { toast } from '../ui/toastStore.ts';
import { useAnswerByRecording } from './useAnswerByRecording.ts';
import { useQuestionRefresh } from './useQuestionRefresh.ts';
import { whyNoQuestions } from './whyNoQuestions.ts';

/**
 * The follow-up questions on story detail (spec 2): proposed by the writer after the story
 * is written (read on the spec's cadence while they may be coming), with Refresh, delete
 * (asked first) and Answer, which opens the recorder for this story with the question.
 * With none, it says why: the story is not written yet, the writer is not ready, they are
 * on their way, or there are none.
 */
export function FollowUpQuestions({ story }: { story: StoryDto }) {
  const { t } = useTranslation('followUps');
  const headingId = useId();
  const [refreshingNow, setRefreshingNow] = useState(false);
  const questions = useStoryQuestions(story, refreshingNow);
  const refresh = useQuestionRefresh(story.id, questions);
  useEffect(() => setRefreshingNow(refresh.refreshing), [refresh.refreshing]);
  const answer = useAnswerByRecording();
  const remove = useDeleteQuestion();
  const [deleting, setDeleting] = useState<FollowUpQuestionDto | null>(null);
  const list = questions.data ?? [];
  const written = isStoryWritten(story) && story.processingStatus !== 'processing';

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: t('deleted') });
      },
      onError: () => toast({ title: t('deleteFailed'), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-stone-50">
          <MessageCircleQuestion aria-hidden className="size-5 text-amber-200" />
          {t('title')}
        </h2>
        <Button
          variant="ghost"
          className="-mr-2 min-h-10 px-3"
          onClick={refresh.refresh}
          disabled={refresh.refreshing || !written}
          aria-label={refresh.refreshing ? t('refreshing') : t('refreshLabel')}
        >
          <RefreshCw aria-hidden className={refresh.refreshing ? 'size-4 animate-spin' : 'size-4'} />
          {refresh.refreshing ? t('refreshing') : t('refresh')}
        </Button>
      </div>
      {questions.isPending ? (
        <div aria-busy="true" aria-label={t('loading')} className="grid gap-2">
          <div className="h-12 animate-pulse rounded-xl bg-stone-800" />
          <div className="h-12 animate-pulse rounded-xl bg-stone-800" />
        </div>
      ) : questions.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void questions.refetch()} />
      ) : list.length === 0 ? (
        <NoQuestions story={story} written={written} refreshing={refresh.refreshing} />
      ) : (
        <ul className="grid gap-3" aria-labelledby={headingId} aria-busy={refresh.refreshing}>
          {list.map((question) => (
            <QuestionItem
              key={question.id}
              question={question}
              answering={answer.pendingId === question.id}
              answerDisabled={answer.pendingId !== null}
              onAnswer={() => answer.start(question, story.id)}
              onDelete={() => setDeleting(question)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('deleteTitle')}
        description={t('deleteDescription', { question: deleting?.question ?? '' })}
        confirmLabel={t('deleteConfirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </Card>
  );
}

interface QuestionItemProps {
  question: FollowUpQuestionDto;
  answering: boolean;
  answerDisabled: boolean;
  onAnswer: () => void;
  onDelete: () => void;
}

/**
 * One question: Answer until a recording answers it (an answer begun and left without
 * recording can be recorded again), Answered with the way to its recording, and delete.
 */
function QuestionItem({ question, answering, answerDisabled, onAnswer, onDelete }: QuestionItemProps) {
  const { t } = useTranslation('followUps');
  const recorded = question.answerRecordingId !== null && question.answerStoryId !== null;
  return (
    <li className="rounded-xl border border-stone-800 bg-stone-950/60 p-4">
      <p className="text-stone-100">{question.question}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {question.isAnswered && (
            <span className="flex items-center gap-1 text-emerald-300">
              <CheckCircle2 aria-hidden className="size-4" />
              {t('answered')}
            </span>
          )}
          {recorded ? (
            <Link
              to={`/library/${question.answerStoryId}/recordings/${question.answerRecordingId}`}
              className={`rounded text-amber-200 underline-offset-4 hover:underline ${focusRing}`}
            >
              {t('listen')}
            </Link>
          ) : (
            <Button
              variant="secondary"
              className="min-h-10"
              onClick={onAnswer}
              disabled={answerDisabled}
              aria-label={t('answerLabel', { question: question.question })}
            >
              {answering ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Mic aria-hidden className="size-4" />}
              {t('answer')}
            </Button>
          )}
        </div>
        <button
          type="button"
          className={buttonClasses('ghost', 'min-h-10 px-3 text-stone-400 hover:text-red-300')}
          onClick={onDelete}
          aria-label={`${t('delete')}: ${question.question}`}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}

/** Why there are no questions (yet), never a spinner that goes on for ever. */
function NoQuestions({ story, written, refreshing }: { story: StoryDto; written: boolean; refreshing: boolean }) {
  const { t } = useTranslation('followUps');
  const coming = useStillComing(questionsExpectedSince(story)) && written;
  // Asked whenever a written story has none: a writer that is not ready is the reason to say.
  const awaited = useAwaitedEngine({ transcription: false, writing: written });
  const reason = whyNoQuestions({ awaited, written, coming, refreshing });
  const text = t(reason);
  const busy = reason === 'coming';
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-stone-400">
      {busy && <Loader2 aria-hidden className="size-4 shrink-0 animate-spin text-amber-200" />}
      {text}
    </p>
  );
}

/** Whether a new story's questions may still be coming (the first 60 s, spec 7.12); turns false by itself. */
function useStillComing(since: string): boolean {
  const endsAt = Date.parse(since) + FOLLOW_UP_POLL.stopAfterMs;
  const [coming, setComing] = useState(() => Date.now() < endsAt);
  useEffect(() => {
    const left = endsAt - Date.now();
    setComing(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setComing(false), left);
    return () => clearTimeout(timer);
  }, [endsAt]);
  return coming;
}
