import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { toast } from '../ui/toastStore.ts';
import type { RecordingProblem } from './recordedAudio.ts';
import type { TakeFailure } from './takeFailure.ts';

/** The toast for a take that could not be kept, in the spec's words (8.4), by every recorder. */
export function useTakeFailureToast() {
  const { t } = useTranslation('recording');
  const language = useLanguage();

  const problemText = (problem: RecordingProblem): string =>
    problem.kind === 'low_quality'
      ? t('problems.low_quality', {
          kilobytes: formatNumber(problem.kilobytes, language, { maximumFractionDigits: 1 }),
          seconds: formatNumber(problem.seconds, language, { maximumFractionDigits: 0 }),
        })
      : t(`problems.${problem.kind}`);

  return (failure: TakeFailure) => {
    if (failure.type === 'problem') {
      const silent = failure.problem.kind === 'no_speech' || failure.problem.kind === 'too_small';
      toast({ title: t(silent ? 'errors.noSpeech' : 'errors.recordingFailed'), description: problemText(failure.problem), variant: 'destructive' });
      return;
    }
    const description = failure.type === 'microphone' ? t(`microphone.${failure.kind}`) : t('errors.stopFailed');
    toast({ title: t('errors.recordingFailed'), description, variant: 'destructive' });
  };
}
