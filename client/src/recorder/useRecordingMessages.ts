import { useTranslation } from 'react-i18next';
import { aiErrorText } from '../../../contract/ai-errors.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { toast } from '../ui/toastStore.ts';
import type { RecordingProblem } from './recordedAudio.ts';
import { describeUploadError } from './recordingErrors.ts';
import type { RecorderFailure } from './useMicrophone.ts';

/** The toasts of the recording flow, in the interface language (spec 8.3, 8.4). */
export function useRecordingMessages() {
  const { t } = useTranslation('recording');
  const language = useLanguage();
  const errorText = useErrorText();

  const problemText = (problem: RecordingProblem): string =>
    problem.kind === 'low_quality'
      ? t('problems.low_quality', {
          kilobytes: formatNumber(problem.kilobytes, language, { maximumFractionDigits: 1 }),
          seconds: formatNumber(problem.seconds, language, { maximumFractionDigits: 0 }),
        })
      : t(`problems.${problem.kind}`);

  const recorderFailure = (failure: RecorderFailure) => {
    const silent = failure.type === 'problem' && (failure.problem.kind === 'no_speech' || failure.problem.kind === 'too_small');
    const description =
      failure.type === 'problem'
        ? problemText(failure.problem)
        : failure.type === 'microphone'
          ? t(`microphone.${failure.kind}`)
          : t('errors.stopFailed');
    toast({ title: t(silent ? 'errors.noSpeech' : 'errors.recordingFailed'), description, variant: 'destructive' });
  };

  const uploadFailure = (error: unknown) => {
    const text = describeUploadError(error);
    const description =
      text.kind === 'catalogue'
        ? aiErrorText(text.code, language, text.params)
        : text.kind === 'too_short'
          ? t('problems.too_short')
          : text.kind === 'signed_out'
            ? t('codes.unauthorized', { ns: 'errors' })
            : text.kind === 'by_code'
              ? errorText(text.error, { orServerMessage: true })
              : t('errors.other', { message: text.message });
    toast({ title: t('errors.recordingFailed'), description, variant: 'destructive' });
  };

  return { recorderFailure, uploadFailure };
}
