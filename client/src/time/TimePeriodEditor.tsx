import { useState } from 'react';
import { Check, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TEMPORAL_TYPES } from '../../../contract/temporal.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { TimeFields } from './TimeFields.tsx';
import { toast } from '../ui/toastStore.ts';
import { useAutosave } from '../ui/useAutosave.ts';
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

const TYPES: readonly TimePeriodType[] = ['none', ...TEMPORAL_TYPES];

/**
 * The inline time editor (spec 2 "Time Period", 4, 5): the kind of time and its fields,
 * saved by itself 500 ms after the person's change once valid; it shows the stored time
 * until the person changes it. Labels as in the post-upload form.
 */
export function TimePeriodEditor({ stored, save }: TimePeriodEditorProps) {
  const { t } = useTranslation('recordings');
  const [today] = useState(() => new Date());
  const maxYear = inlineYearMax(today);
  const { draft, change, state } = useAutosave({
    stored,
    storedKey: JSON.stringify(timePeriodPayload(draftFromTemporal(stored, today), today)),
    toDraft: (fields: TemporalFields) => draftFromTemporal(fields, today),
    toSave: (current: TimePeriodDraft, fields: TemporalFields) => timePeriodToSave(current, fields, today),
    save,
    delayMs: TIMINGS.timeEditorAutosaveMs,
    onFailed: () => toast({ title: t('time.saveFailed'), variant: 'destructive' }),
  });
  const invalid = timePeriodPayload(draft, today) === null;

  return (
    <div className="grid gap-4">
      <TimeFields
        draft={draft}
        onChange={(fields) => change((current) => ({ ...current, ...fields }))}
        types={TYPES}
        maxYear={maxYear}
        maxDate={`${maxYear}-12-31`}
      />

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
