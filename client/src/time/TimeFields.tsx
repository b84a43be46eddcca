import { useTranslation } from 'react-i18next';
import { TEMPORAL_YEAR_MIN } from '../../../contract/temporal.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import type { TimePeriodType } from './timePeriod.ts';
import { Field } from '../ui/Input.tsx';
import { SelectField } from '../ui/Select.tsx';
import type { TimeContextDraft } from './timeContext.ts';

/** A time as typed, for any list of kinds: the post-upload form's ('' before a choice), or the inline editor's with "none". */
export type TimeFieldsDraft<T extends TimePeriodType | ''> = Omit<TimeContextDraft, 'temporalType'> & { temporalType: T };

interface TimeFieldsProps<T extends TimePeriodType | ''> {
  draft: TimeFieldsDraft<T>;
  onChange: (fields: Partial<TimeFieldsDraft<T>>) => void;
  /** The kinds offered, in order; "none" reads "Not set". */
  types: readonly Exclude<T, ''>[];
  /** The latest year the year inputs accept. */
  maxYear: number;
  /** The latest date the date input accepts, YYYY-MM-DD. */
  maxDate: string;
  disabled?: boolean;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * The fields of a time (spec 2, 5): the kind of time, then the inputs that kind needs.
 * Whoever shows them keeps the rules: which kinds, how far ahead, when it saves.
 */
export function TimeFields<T extends TimePeriodType | ''>({ draft, onChange, types, maxYear, maxDate, disabled }: TimeFieldsProps<T>) {
  const { t } = useTranslation('recording');
  const language = useLanguage();

  const yearField = (key: 'year' | 'endYear', label: string) => (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={TEMPORAL_YEAR_MIN}
      max={maxYear}
      step={1}
      value={draft[key]}
      onChange={(event) => onChange({ [key]: event.target.value })}
      hint={t('after.yearHint', { min: TEMPORAL_YEAR_MIN, max: maxYear })}
      disabled={disabled}
    />
  );

  return (
    <div className="grid gap-4">
      <SelectField
        label={t('after.temporalType')}
        value={draft.temporalType}
        placeholder={t('after.chooseTime')}
        options={types.map((type) => ({
          value: type,
          label: type === 'none' ? t('time.none', { ns: 'recordings' }) : t(`after.types.${type}`),
        }))}
        onValueChange={(temporalType) => onChange({ temporalType })}
        disabled={disabled}
      />

      {draft.temporalType === 'specific_date' && (
        <Field
          label={t('after.date')}
          type="date"
          min={`${TEMPORAL_YEAR_MIN}-01-01`}
          max={maxDate}
          value={draft.specificDate}
          onChange={(event) => onChange({ specificDate: event.target.value })}
          disabled={disabled}
        />
      )}

      {draft.temporalType === 'month_year' && (
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={t('after.month')}
            className="content-start"
            value={draft.month}
            options={MONTHS.map((month) => ({
              value: String(month),
              label: formatDate(new Date(2000, month - 1, 1), language, { month: 'long' }),
            }))}
            onValueChange={(month) => onChange({ month })}
            disabled={disabled}
          />
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
