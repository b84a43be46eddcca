import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveDialog, type LeaveChoice } from '../../recorder/LeaveDialog.tsx';
import { useLeaveGuard } from '../../recorder/useLeaveGuard.ts';
import { dirtyEditors } from '../../ui/editorGuards.ts';
import { toast } from '../../ui/toastStore.ts';
import type { ReplyRecorder } from './useReplyRecorder.ts';

/** The question on screen, kept by the recorder: the guard stays mounted until it is answered. */
export type LeaveQuestion = { resume: boolean } | null;

interface ReplyLeaveGuardProps {
  recorder: ReplyRecorder;
  asking: LeaveQuestion;
  setAsking: (question: LeaveQuestion) => void;
}

/**
 * Every way out of the story while a voice reply is being recorded or was not sent, as the
 * recorder guards a take: Send my reply (first, with the focus), Discard it (said plainly) or
 * Stay; while it is on its way, "please wait". Mounted only while there is a take, so it is the
 * page's newest blocker (a router asks its newest one only). When typed text is waiting too
 * (a comment), the person stays after choosing, and the next way out asks about the text.
 */
export function ReplyLeaveGuard({ recorder, asking, setAsking }: ReplyLeaveGuardProps) {
  const { t } = useTranslation('familyRespond');
  const leaving = useRef(false);
  const blocker = useLeaveGuard(recorder.rule, leaving);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking) return;
    if (recorder.rule === 'wait') {
      toast({ title: t('reply.pleaseWait'), description: t('reply.stillSending') });
      return blocker.reset();
    }
    // The question is asked with the microphone paused; Stay goes on recording.
    const resume = recorder.step.phase === 'recording';
    if (resume) recorder.pause();
    setAsking({ resume });
    // Runs when a navigation is blocked; it reads the recorder as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  const goOn = () => {
    setAsking(null);
    if (blocker.state !== 'blocked') return;
    if (dirtyEditors().length > 0) return blocker.reset();
    leaving.current = true;
    blocker.proceed();
  };

  const choose = async (choice: LeaveChoice) => {
    if (choice === 'stay') {
      if (asking?.resume) recorder.resume();
      setAsking(null);
      if (blocker.state === 'blocked') blocker.reset();
      return;
    }
    if (choice === 'discard') {
      await recorder.discard();
      return goOn();
    }
    setSending(true);
    const sent = recorder.step.phase === 'unsent' ? await recorder.sendAgain() : await recorder.stopAndSend();
    setSending(false);
    if (sent) return goOn();
    // Not sent (the toast said why): the take stays here, and so does the person.
    setAsking(null);
    if (blocker.state === 'blocked') blocker.reset();
  };

  return (
    <LeaveDialog
      open={asking !== null}
      purpose="leave"
      saving={sending}
      resumes={asking?.resume ?? false}
      onChoose={(choice) => void choose(choice)}
      keptAs={{ description: t('reply.leaveText'), keep: t('reply.leaveSend') }}
    />
  );
}
