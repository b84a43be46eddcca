import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPORAL_TYPES, TEMPORAL_YEAR_MIN } from '../../../contract/temporal.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Field } from '../ui/Input.tsx';
import { Select } from '../ui/Select.tsx';
import { localIsoDate, type TimeContextDraft } from './timeContext.ts';

interface TimeContextFormProps {
  draft: TimeContextDraft;
  onChange: (fields: Partial<TimeContextDraft>) => void;
  today: Date;
  disabled?: boolean;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** The fields of "When did this happen?": the kind of time, then the inputs that kind needs. */
export function TimeContextForm({ draft, onChange, today, disabled }: TimeContextFormProps) {
  const { t } = useTranslation('recording');
  const language = useLanguage();
  const ids = { type: useId(), month: useId() };
  const currentYear = today.getFullYear();

  const yearField = (key: 'year' | 'endYear', label: string) => (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={TEMPORAL_YEAR_MIN}
      max={currentYear}
      step={1}
      value={draft[key]}
      onChange={(event) => onChange({ [key]: event.target.value })}
      hint={t('after.yearHint', { min: TEMPORAL_YEAR_MIN, max: currentYear })}
      disabled={disabled}
    />
  );

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={ids.type} className="text-sm font-medium text-stone-200">
          {t('after.temporalType')}
        </label>
        <Select
          id={ids.type}
          value={draft.temporalType}
          options={TEMPORAL_TYPES.map((type) => ({ value: type, label: t(`after.types.${type}`) }))}
          onValueChange={(temporalType) => onChange({ temporalType })}
          disabled={disabled}
        />
      </div>

      {draft.temporalType === 'specific_date' && (
        <Field
          label={t('after.date')}
          type="date"
          max={localIsoDate(today)}
          min={`${TEMPORAL_YEAR_MIN}-01-01`}
          value={draft.specificDate}
          onChange={(event) => onChange({ specificDate: event.target.value })}
          disabled={disabled}
        />
      )}

      {draft.temporalType === 'month_year' && (
        <div className="grid grid-cols-2 gap-3">
          <div className="grid content-start gap-1.5">
            <label htmlFor={ids.month} className="text-sm font-medium text-stone-200">
              {t('after.month')}
            </label>
            <Select
              id={ids.month}
              value={draft.month}
              options={MONTHS.map((month) => ({
                value: String(month),
                label: formatDate(new Date(2000, month - 1, 1), language, { month: 'long' }),
              }))}
              onValueChange={(month) => onChange({ month })}
              disabled={disabled}
            />
          </div>
          {yearField('year', t('after.year'))}
        </div>
      )}

      {draft.temporalType === 'year' && yearField('year', t('after.year'))}

      {draft.temporalType === 'year_span' && (
        <div className="grid grid-cols-2 gap-3">
          {yearField('year', t('after.startYear'))}
          {yearField('endYear', t('after.endYear'))}
        </div>
      )}
    </div>
  );
}
