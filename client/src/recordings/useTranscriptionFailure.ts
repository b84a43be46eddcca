import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { aiErrorText, matchAiError, TRANSCRIPTION_FAILED_TITLE, type AiErrorCode } from '../../../contract/ai-errors.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { toast } from '../ui/toastStore.ts';

/** The catalogue entry of a recording's transcriptionError (spec 8.2), or null when none matches. */
export function transcriptionFailureCode(transcriptionError: string | null): AiErrorCode | null {
  return transcriptionError ? (matchAiError(transcriptionError)?.code ?? null) : null;
}

/** Why a transcription failed, in the interface language: the catalogue's sentence, else the generic text. */
export function useTranscriptionFailureText() {
  const { t } = useTranslation('errors');
  const language = useLanguage();
  return useCallback(
    (transcriptionError: string | null) => {
      const code = transcriptionFailureCode(transcriptionError);
      return code ? aiErrorText(code, language) : t('generic');
    },
    [t, language],
  );
}

/** The "Transcription failed" toast (spec 8.2) with the reason. */
export function useTranscriptionFailureToast() {
  const language = useLanguage();
  const reason = useTranscriptionFailureText();
  return useCallback(
    (transcriptionError: string | null) =>
      toast({ title: TRANSCRIPTION_FAILED_TITLE[language], description: reason(transcriptionError), variant: 'destructive' }),
    [language, reason],
  );
}
