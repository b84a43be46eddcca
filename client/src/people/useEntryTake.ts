import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadEntryRecording, type EntryKind } from '../api/people.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import type { LeaveChoice } from '../recorder/LeaveDialog.tsx';
import type { LeaveRule } from '../recorder/recorderMachine.ts';
import { useLeaveGuard } from '../recorder/useLeaveGuard.ts';
import { useTakeFailureToast } from '../takes/useTakeFailureToast.ts';
import { toast } from '../ui/toastStore.ts';
import { useWavRecorder } from './useWavRecorder.ts';

/** The question on screen: before leaving the page, or before Cancel throws the take away. */
export interface TakeQuestion {
  purpose: 'leave' | 'discard';
  /** The take was running when asked: staying goes on recording. */
  resumes: boolean;
}

/**
 * A take about a person or place, from the first second to the server (decision 010 for
 * the inline recorder): Stop uploads it; a WAV whose upload failed stays here to send
 * again; Cancel and leaving the page ask first, offering to keep the take (saved as this
 * person's or place's recording) or discard it. A reload or a closed tab gets the
 * browser's own question.
 */
export function useEntryTake(kind: EntryKind, id: number) {
  const { t } = useTranslation('people');
  const language = useLanguage();
  const errorText = useErrorText();
  const recorder = useWavRecorder();
  const upload = useUploadEntryRecording(kind, id);
  const takeFailed = useTakeFailureToast();
  const [unsent, setUnsent] = useState<Blob | null>(null);
  const [question, setQuestion] = useState<TakeQuestion | null>(null);
  const [keeping, setKeeping] = useState(false);
  const leaving = useRef(false);

  const running = recorder.state === 'recording' || recorder.state === 'paused';
  const rule: LeaveRule = running || unsent ? 'ask' : upload.isPending || recorder.state === 'stopping' ? 'wait' : 'free';
  const blocker = useLeaveGuard(rule, leaving);

  /** Sends a WAV; one that fails stays as `unsent`, with the reason in a toast. */
  const send = async (wav: Blob): Promise<boolean> => {
    try {
      await upload.mutateAsync({ audio: wav, language, appLanguage: language });
      setUnsent(null);
      toast({ title: t('toast.recordingAdded') });
      return true;
    } catch (error) {
      setUnsent(wav);
      toast({ title: t('toast.uploadFailed', { message: errorText(error) }), variant: 'destructive' });
      return false;
    }
  };

  /** Stops the take and sends it; false when it was refused or not sent. */
  const stopAndSend = async (): Promise<boolean> => {
    const result = await recorder.stop();
    if ('failure' in result) {
      takeFailed(result.failure);
      // A take the checks refuse (silent, too short) has no words to keep.
      return result.failure.type === 'problem';
    }
    return send(result.wav);
  };

  const ask = (purpose: TakeQuestion['purpose']) => {
    const resumes = recorder.state === 'recording';
    recorder.pause();
    setQuestion({ purpose, resumes });
  };

  // The browser's Back or a link while a take is here: ask, or please wait.
  useEffect(() => {
    if (blocker.state !== 'blocked' || question) return;
    if (rule === 'wait') {
      toast({ title: t('recordings.pleaseWait'), description: t('recordings.stillSaving') });
      blocker.reset();
    } else ask('leave');
    // This runs when a navigation is blocked, with the take as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  const settle = (leave: boolean) => {
    setQuestion(null);
    if (blocker.state !== 'blocked') return;
    if (leave) {
      leaving.current = true;
      blocker.proceed();
    } else blocker.reset();
  };

  const choose = async (choice: LeaveChoice) => {
    const leave = question?.purpose === 'leave';
    if (choice === 'stay') {
      if (question?.resumes) recorder.resume();
      return settle(false);
    }
    if (choice === 'discard') {
      recorder.cancel();
      setUnsent(null);
      return settle(leave);
    }
    setKeeping(true);
    const kept = running ? await stopAndSend() : unsent ? await send(unsent) : true;
    setKeeping(false);
    // Not sent: the take stays here as unsent, and the person with it.
    settle(leave && kept);
  };

  return {
    recorder,
    uploading: upload.isPending,
    unsent: unsent !== null,
    start: async () => {
      const failure = await recorder.start();
      if (failure) takeFailed(failure);
    },
    stop: () => void stopAndSend(),
    /** Cancel asks once a second or more is recorded; a shorter take has nothing to keep. */
    cancel: () => (recorder.elapsedMs >= 1000 ? ask('discard') : recorder.cancel()),
    sendAgain: () => unsent && void send(unsent),
    discardUnsent: () => setQuestion({ purpose: 'discard', resumes: false }),
    question,
    keeping,
    choose: (choice: LeaveChoice) => void choose(choice),
  };
}
