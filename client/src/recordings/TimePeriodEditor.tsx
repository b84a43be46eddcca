import { useEffect, useId, useRef, useState } from 'react';
import { Check, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TEMPORAL_TYPES, TEMPORAL_YEAR_MIN } from '../../../contract/temporal.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Field } from '../ui/Input.tsx';
import { Select } from '../ui/Select.tsx';
import { toast } from '../ui/toastStore.ts';
import {
  draftFromTemporal,
  inlineYearMax,
  timePeriodPayload,
  timePeriodToSave,
  type TemporalFields,
  type TimePeriodDraft,
  type TimePeriodType,
} from './timePeriod.ts';

interface TimePeriodEditorProps {
  /** The time as stored. */
  stored: TemporalFields;
  /** Saves a time (all null clears it); rejects on failure. */
  save: (fields: TemporalFields) => Promise<unknown>;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);
const TYPES: readonly TimePeriodType[] = ['none', ...TEMPORAL_TYPES];

type SaveState = 'idle' | 'saving' | 'saved';

/**
 * The inline time editor (spec 2 "Time Period", 4, 5): the kind of time and its fields,
 * saved by itself 500 ms after a change once valid; labels as in the post-upload form.
 */
export function TimePeriodEditor({ stored, save }: TimePeriodEditorProps) {
  const { t } = useTranslation('recordings');
  const { t: tRecording } = useTranslation('recording');
  const language = useLanguage();
  const [today] = useState(() => new Date());
  const [draft, setDraft] = useState<TimePeriodDraft>(() => draftFromTemporal(stored, today));
  const [state, setState] = useState<SaveState>('idle');
  const ids = { type: useId(), month: useId() };
  const maxYear = inlineYearMax(today);

  // What the server last confirmed, so a save is sent only for a real change.
  const confirmed = useRef(stored);
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    const payload = timePeriodToSave(draft, confirmed.current, today);
    if (!payload) return;
    const timer = setTimeout(() => {
      setState('saving');
      saveRef.current(payload).then(
        () => {
          confirmed.current = payload;
          setState('saved');
        },
        () => {
          setState('idle');
          toast({ title: t('time.saveFailed'), variant: 'destructive' });
        },
      );
    }, TIMINGS.timeEditorAutosaveMs);
    return () => clearTimeout(timer);
  }, [draft, today, t]);

  const change = (fields: Partial<TimePeriodDraft>) => {
    setState('idle');
    setDraft((current) => ({ ...current, ...fields }));
  };
  const invalid = timePeriodPayload(draft, today) === null;

  const yearField = (key: 'year' | 'endYear', label: string) => (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={TEMPORAL_YEAR_MIN}
      max={maxYear}
      step={1}
      value={draft[key]}
      onChange={(event) => change({ [key]: event.target.value })}
      hint={tRecording('after.yearHint', { min: TEMPORAL_YEAR_MIN, max: maxYear })}
    />
  );

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={ids.type} className="text-sm font-medium text-stone-200">
          {tRecording('after.temporalType')}
        </label>
        <Select
          id={ids.type}
          value={draft.temporalType}
          options={TYPES.map((type) => ({
            value: type,
            label: type === 'none' ? t('time.none') : tRecording(`after.types.${type}`),
          }))}
          onValueChange={(temporalType) => change({ temporalType })}
        />
      </div>

      {draft.temporalType === 'specific_date' && (
        <Field
          label={tRecording('after.date')}
          type="date"
          min={`${TEMPORAL_YEAR_MIN}-01-01`}
          max={`${maxYear}-12-31`}
          value={draft.specificDate}
          onChange={(event) => change({ specificDate: event.target.value })}
        />
      )}

      {draft.temporalType === 'month_year' && (
        <div className="grid grid-cols-2 gap-3">
          <div className="grid content-start gap-1.5">
            <label htmlFor={ids.month} className="text-sm font-medium text-stone-200">
              {tRecording('after.month')}
            </label>
            <Select
              id={ids.month}
              value={draft.month}
              options={MONTHS.map((month) => ({
                value: String(month),
                label: formatDate(new Date(2000, month - 1, 1), language, { month: 'long' }),
              }))}
              onValueChange={(month) => change({ month })}
            />
          </div>
          {yearField('year', tRecording('after.year'))}
        </div>
      )}

      {draft.temporalType === 'year' && yearField('year', tRecording('after.year'))}

      {draft.temporalType === 'year_span' && (
        <div className="grid grid-cols-2 gap-3">
          {yearField('year', tRecording('after.startYear'))}
          {yearField('endYear', tRecording('after.endYear'))}
        </div>
      )}

      <p role="status" className="min-h-5 text-sm text-stone-400">
        {state === 'saving' ? (
          <span className="flex items-center gap-1.5">
            <Loader2 aria-hidden className="size-3.5 animate-spin" />
            {t('links.saving')}
          </span>
        ) : state === 'saved' ? (
          <span className="flex items-center gap-1.5 text-emerald-300">
            <Check aria-hidden className="size-3.5" />
            {t('time.saved')}
          </span>
        ) : invalid ? (
          t('time.incomplete')
        ) : null}
      </p>
    </div>
  );
}
