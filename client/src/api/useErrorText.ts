import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth.ts';
import { ApiRequestError } from './request.ts';

/** Fields a validation error can name that have their own translated text. */
const KNOWN_FIELDS = ['email', 'password', 'firstName', 'lastName', 'authorName', 'language'];

/** Turns a failed call into a translated sentence, chosen by the error body's code. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiRequestError)) return t('network');
      if (error.code === 'validation') {
        const field = error.field && KNOWN_FIELDS.includes(error.field) ? error.field : 'default';
        return t(`validation.${field}`, { min: PASSWORD_MIN, max: PASSWORD_MAX });
      }
      if (error.code && i18n.exists(`codes.${error.code}`, { ns: 'errors' })) return t(`codes.${error.code}`);
      if (error.status === 429) return t('codes.rate_limited');
      return t('generic');
    },
    [t, i18n],
  );
}
