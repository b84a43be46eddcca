import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_ERRORS, type AiErrorCode } from '../../../contract/ai-errors.ts';
import { RECORDER_TIMER } from '../../../contract/recorder.ts';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { useUploadContribution } from '../api/coAuthor.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import type { Take } from '../recorder/recorderMachine.ts';
import { recordingFileName } from '../recorder/recordingFormat.ts';
import { useMicrophone } from '../recorder/useMicrophone.ts';
import type { TakeFailure } from '../takes/takeFailure.ts';
import { useTakeFailureToast } from '../takes/useTakeFailureToast.ts';
import { toast } from '../ui/toastStore.ts';
import type { StoredContributor } from './contributorStore.ts';

/** Spec 4, "Co-author recording": idle, recording, paused, stopped (checked here), uploading, done, or error. */
export type ContributionStep =
  | { phase: 'idle' }
  | { phase: 'recording' }
  | { phase: 'paused' }
  | { phase: 'analyzing' }
  | { phase: 'uploading' }
  | { phase: 'done' }
  /** `take` is kept when sending it again may work; a refused recording has none. */
  | { phase: 'error'; title: string; message: string; take: Take | null };

/** The server's refusals of a recording without speech (spec 8.3: "silent" or "no speech"). */
const SPEECH_CODES: readonly AiErrorCode[] = ['no_speech', 'very_little_speech', 'too_few_words', 'background_noise'];

function isSpeechRefusal(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  if (error.code && (SPEECH_CODES as readonly string[]).includes(error.code)) return true;
  const message = (error.serverMessage ?? error.message).toLowerCase();
  return message.includes('silent') || message.includes('no speech') || SPEECH_CODES.some((code) => AI_ERRORS[code].matches.some((match) => message.includes(match)));
}

/**
 * The co-author page's recorder: the microphone with a 100 ms timer and no device copy (a
 * visitor's page), the page's own checks at stop (under 1 s, silence), then the upload
 * under the contributor's name with this browser's key, whose answer gives the key to keep.
 */
export function useContributionRecorder(token: string, contributor: StoredContributor, onKey: (key: string) => void) {
  const { t } = useTranslation('coAuthor');
  const errorText = useErrorText();
  const takeFailed = useTakeFailureToast();
  const [step, setStep] = useState<ContributionStep>({ phase: 'idle' });
  const listening = step.phase === 'recording';
  const microphone = useMicrophone(listening, `co-author:${token}`, { tickMs: RECORDER_TIMER.coAuthorTickMs, keepOnDevice: false });
  const upload = useUploadContribution(token);

  /** The page's own words (spec 5): under a second is too short, whatever else is wrong with so little. */
  const refuse = (failure: TakeFailure, recordedMs: number) => {
    if (failure.type !== 'problem' || failure.problem.kind === 'low_quality') return takeFailed(failure);
    const tooShort = failure.problem.kind === 'too_short' || recordedMs < RECORDING_LIMITS.minDurationSeconds * 1000;
    const description = tooShort ? t('recorder.tooShort') : t('recorder.noSpeech');
    toast({ title: t('recorder.recordingError'), description, variant: 'destructive' });
  };

  const send = async (take: Take) => {
    if (!contributor.name) {
      toast({ title: t('name.requiredTitle'), description: t('name.required'), variant: 'destructive' });
      return setStep({ phase: 'idle' });
    }
    setStep({ phase: 'uploading' });
    try {
      const result = await upload.mutateAsync({
        audio: take.audio,
        fileName: recordingFileName(take.audio.type, Date.now()),
        contributorName: contributor.name,
        contributorKey: contributor.key,
      });
      onKey(result.contributorKey);
      setStep({ phase: 'done' });
      toast({ title: t('recorder.doneTitle'), description: t('recorder.doneText') });
    } catch (error) {
      const speech = isSpeechRefusal(error);
      const title = speech ? t('recorder.recordingError') : t('recorder.errorTitle');
      const message = speech ? t('recorder.noSpeech') : error instanceof ApiRequestError ? errorText(error, { orServerMessage: true }) : t('recorder.errorTitle');
      setStep({ phase: 'error', title, message, take: speech ? null : take });
      toast({ title, description: message, variant: 'destructive' });
    }
  };

  return {
    step,
    elapsedMs: microphone.elapsedMs,
    silenceShown: microphone.silenceShown,
    /** Recording, paused, being checked or sent: leaving now would lose it. */
    busy: step.phase === 'recording' || step.phase === 'paused' || step.phase === 'analyzing' || step.phase === 'uploading',
    start: async () => {
      const failure = await microphone.start();
      if (failure) {
        takeFailed(failure);
        return setStep({ phase: 'idle' });
      }
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
    stop: async () => {
      const recordedMs = microphone.elapsedMs;
      setStep({ phase: 'analyzing' });
      const result = await microphone.stop();
      if ('failure' in result) {
        refuse(result.failure, recordedMs);
        return setStep({ phase: 'idle' });
      }
      await send(result.take);
    },
    /** Try Again: the same recording once more when the server may take it now, else a new one. */
    tryAgain: () => (step.phase === 'error' && step.take ? void send(step.take) : setStep({ phase: 'idle' })),
    reset: () => setStep({ phase: 'idle' }),
    /** Leaving mid-take: the microphone closes and the take is dropped. */
    discard: () => {
      void microphone.discard();
      setStep({ phase: 'idle' });
    },
  };
}
