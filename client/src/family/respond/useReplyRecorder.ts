import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/request.ts';
import { useUploadVoiceReply } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { forgetTakeQuietly } from '../../microphone/unsavedTakes.ts';
import type { Take } from '../../recorder/recorderMachine.ts';
import { recordingFileName } from '../../recorder/recordingFormat.ts';
import { useMicrophone } from '../../recorder/useMicrophone.ts';
import { useTakeFailureToast } from '../../takes/useTakeFailureToast.ts';
import { toast } from '../../ui/toastStore.ts';

/**
 * A voice reply from idea to the story: nothing (Record), recording or paused, checked at
 * stop, sending (with the share sent), or not sent (the take is kept: Send again or Discard).
 */
export type ReplyStep =
  | { phase: 'idle' }
  | { phase: 'recording' }
  | { phase: 'paused' }
  | { phase: 'checking' }
  | { phase: 'sending'; sent: number }
  | { phase: 'unsent'; take: Take; message: string };

/** Where leaving the page stands: nothing to lose, a take to ask about, or a take on its way. */
export type ReplyLeaveRule = 'free' | 'ask' | 'wait';

export function replyLeaveRule(step: ReplyStep): ReplyLeaveRule {
  if (step.phase === 'idle') return 'free';
  return step.phase === 'sending' ? 'wait' : 'ask';
}

/** Whose device copies these are: a reader's replies to one story, never the owner's Home notice. */
export const replyCopyOwner = (reader: string, storyId: number) => `family-reply:${reader}:${storyId}`;

/**
 * The "Reply by voice" recorder, built from the co-author page's: the microphone opens only on
 * a press of Record, the checks at stop (too short, silence), then the upload with progress.
 * Unlike a visitor's page, the take is copied to the device while recording (the recorder's
 * rule, decision 010): a reply that could not be sent, or a tab closed mid-take, is offered
 * back on the story (`UnsentReplies`) until it is sent or discarded.
 */
export function useReplyRecorder(storyId: number, reader: string) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const takeFailed = useTakeFailureToast();
  const [step, setStep] = useState<ReplyStep>({ phase: 'idle' });
  const microphone = useMicrophone(step.phase === 'recording', replyCopyOwner(reader, storyId));
  const upload = useUploadVoiceReply(storyId);

  /** Sends a checked take; true once the server has it (and the device copy is forgotten). */
  const send = async (take: Take): Promise<boolean> => {
    setStep({ phase: 'sending', sent: 0 });
    try {
      await upload.mutateAsync({
        audio: take.audio,
        fileName: recordingFileName(take.audio.type, take.recordedAt.getTime()),
        durationSeconds: take.durationSeconds,
        recordedAt: take.recordedAt,
        onProgress: (sent) => setStep({ phase: 'sending', sent }),
      });
      await forgetTakeQuietly(take.copyId);
      setStep({ phase: 'idle' });
      toast({ title: t('reply.sent') });
      return true;
    } catch (error) {
      const message = error instanceof ApiRequestError ? errorText(error, { orServerMessage: true }) : t('reply.offline');
      setStep({ phase: 'unsent', take, message });
      toast({ title: t('reply.notSent'), description: message, variant: 'destructive' });
      return false;
    }
  };

  /** Stop: the take through the checks; refused ones say why and leave nothing to keep. */
  const stop = async (): Promise<Take | null> => {
    setStep({ phase: 'checking' });
    const result = await microphone.stop();
    if ('failure' in result) {
      takeFailed(result.failure);
      setStep({ phase: 'idle' });
      return null;
    }
    return result.take;
  };

  return {
    step,
    elapsedMs: microphone.elapsedMs,
    silenceShown: microphone.silenceShown,
    rule: replyLeaveRule(step),
    start: async () => {
      const failure = await microphone.start();
      if (failure) return takeFailed(failure);
      setStep({ phase: 'recording' });
    },
    pause: () => {
      microphone.pause();
      setStep({ phase: 'paused' });
    },
    resume: () => {
      microphone.resume();
      setStep({ phase: 'recording' });
    },
    /** Stop and send: true when the reply reached the story (or nothing was there to send). */
    stopAndSend: async (): Promise<boolean> => {
      const take = await stop();
      return take ? send(take) : true;
    },
    /** Send the kept take again. */
    sendAgain: () => (step.phase === 'unsent' ? send(step.take) : Promise.resolve(true)),
    /** Throws the take away: only once the person confirmed it. */
    discard: async () => {
      if (step.phase === 'unsent') await forgetTakeQuietly(step.take.copyId);
      else await microphone.discard();
      setStep({ phase: 'idle' });
    },
  };
}

export type ReplyRecorder = ReturnType<typeof useReplyRecorder>;
