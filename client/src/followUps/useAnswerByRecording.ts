import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { followUpQuestionId } from '../../../contract/follow-ups.ts';
import { useAnswerQuestion } from '../api/followUps.ts';
import { recordingLink } from '../recordings/recordingLink.ts';
import { toast } from '../ui/toastStore.ts';

/**
 * Answering a follow-up question: the question is marked answered by its story, then the
 * recorder opens for that story with the question as its prompt. The recording uploaded
 * within 2 minutes becomes the answer (the server links it).
 */
export function useAnswerByRecording() {
  const { t } = useTranslation('followUps');
  const navigate = useNavigate();
  const answer = useAnswerQuestion();
  return {
    pendingId: answer.isPending ? answer.variables?.id ?? null : null,
    start(question: { id: number; question: string }, storyId: number) {
      answer.mutate(
        { id: question.id, answerStoryId: storyId },
        {
          onSuccess: () => navigate(recordingLink({ storyId, promptQuestion: question.question, questionId: followUpQuestionId(question.id) })),
          onError: () => toast({ title: t('answerFailed'), variant: 'destructive' }),
        },
      );
    },
  };
}
