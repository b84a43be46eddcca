import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { aiErrorText } from '../../../contract/ai-errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth.ts';
import { NAME_MAX, TEXT_MAX } from '../../../contract/people-places.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { errorTextSource } from './errorText.ts';

export interface ErrorTextOptions {
  /**
   * For a code with no translated text, show the server's own message rather than the
   * generic sentence (where the spec shows the server's message, e.g. the author name).
   */
  orServerMessage?: boolean;
}

/** Turns a failed call into a sentence in the interface language, chosen by the error body's code. */
export function useErrorText(): (error: unknown, options?: ErrorTextOptions) => string {
  const { t, i18n } = useTranslation('errors');
  const language = useLanguage();
  return useCallback(
    (error: unknown, options?: ErrorTextOptions) => {
      const source = errorTextSource(error, (code) => i18n.exists(`codes.${code}`, { ns: 'errors' }));
      switch (source.kind) {
        case 'validation':
          return t(`validation.${source.field}`, {
            min: PASSWORD_MIN,
            max: PASSWORD_MAX,
            nameMax: NAME_MAX,
            textMax: formatNumber(TEXT_MAX, language),
          });
        case 'catalogue':
          return aiErrorText(source.code, language, { message: t('generic') });
        case 'code':
          return t(`codes.${source.code}`);
        case 'server':
          return options?.orServerMessage ? source.message : t('generic');
        case 'generic':
          return t('generic');
        case 'network':
          return t('network');
      }
    },
    [t, i18n, language],
  );
}
