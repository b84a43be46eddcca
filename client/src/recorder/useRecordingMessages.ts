import { useTranslation } from 'react-i18next';
import { aiErrorText } from '../../../contract/ai-errors.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { toast } from '../ui/toastStore.ts';
import { useTakeFailureToast } from '../takes/useTakeFailureToast.ts';
import { describeUploadError } from './recordingErrors.ts';

/** The toasts of the recording flow, in the interface language (spec 8.3, 8.4). */
export function useRecordingMessages() {
  const { t } = useTranslation('recording');
  const language = useLanguage();
  const errorText = useErrorText();

  const recorderFailure = useTakeFailureToast();

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
