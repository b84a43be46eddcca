import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/appLanguage.ts';
import type { TemporalFields } from './timePeriod.ts';
import { temporalLabel } from './temporalLabel.ts';

/** The time text of a story or recording in the interface language; "Time unknown" for unknown, null for none. */
export function useTimeText(): (fields: TemporalFields) => string | null {
  const { t } = useTranslation('timeline');
  const language = useLanguage();
  return useCallback(
    (fields: TemporalFields) => temporalLabel(fields, language) ?? (fields.temporalType === 'unknown' ? t('unknownTime') : null),
    [language, t],
  );
}
