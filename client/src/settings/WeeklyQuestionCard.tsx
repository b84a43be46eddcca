import { useId, useMemo } from 'react';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WeeklyQuestionSettings } from '../../../contract/family.ts';
import { useSaveWeeklyQuestion, useWeeklyQuestionSettings } from '../api/familyMail.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Input } from '../ui/Input.tsx';
import { Select, type SelectOption } from '../ui/Select.tsx';
import { SwitchField } from '../ui/SwitchField.tsx';
import { toast } from '../ui/toastStore.ts';
import clsx from 'clsx';

/** This browser's time zone: what the card offers until the person chose one. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone Intl knows, with this one (and UTC) surely among them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort();
}

// Monday first, as calendars in Finland (and most of Europe) are; the values count from Sunday as cron does.
const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0];
const A_SUNDAY = Date.UTC(2026, 10, 29, 12);

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (value: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * The weekly question e-mail (issue 28): on or off, and when it comes, in the person's own time
 * zone (the browser's until they choose another). Each change is saved at once.
 */
export function WeeklyQuestionCard() {
  const { t } = useTranslation('familyMail');
  const language = useLanguage();
  const errorText = useErrorText();
  const settings = useWeeklyQuestionSettings();
  const save = useSaveWeeklyQuestion();
  const dayId = useId();
  const timeId = useId();
  const zoneId = useId();

  const days: SelectOption<string>[] = useMemo(() => {
    const name = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    return WEEK_FROM_MONDAY.map((day) => ({ value: String(day), label: name.format(A_SUNDAY + day * 86_400_000) }));
  }, [language]);

  const data = settings.data;
  const current: WeeklyQuestionSettings | null = data ? { enabled: data.enabled, day: data.day, minute: data.minute, timeZone: data.timeZone ?? browserTimeZone() } : null;
  const zones = useMemo(() => timeZones(current?.timeZone ?? browserTimeZone()), [current?.timeZone]);

  const change = (next: Partial<WeeklyQuestionSettings>) => {
    if (!current) return;
    save.mutate(
      { ...current, ...next },
      { onError: (error) => toast({ title: t('weekly.saveFailed'), description: errorText(error), variant: 'destructive' }) },
    );
  };

  return (
    <Card title={t('weekly.title')} description={t('weekly.description')} icon={<Mail aria-hidden className="size-5" />}>
      {!current ? (
        <p role="status" className="text-sm text-stone-400">
          {settings.isError ? errorText(settings.error) : t('weekly.loading')}
        </p>
      ) : (
        <div className="grid gap-4">
          <SwitchField label={t('weekly.switch')} hint={t('weekly.switchHint')} checked={save.isPending && save.variables ? save.variables.enabled : current.enabled} onChange={(enabled) => change({ enabled })} />
          {current.enabled && (
            <>
              <div className="grid grid-cols-2 gap-3">
                <div className="grid gap-1.5">
                  <label htmlFor={dayId} className="text-sm font-medium text-stone-200">
                    {t('weekly.day')}
                  </label>
                  <Select id={dayId} value={String(current.day)} options={days} onValueChange={(day) => change({ day: Number(day) })} disabled={save.isPending} />
                </div>
                <div className="grid gap-1.5">
                  <label htmlFor={timeId} className="text-sm font-medium text-stone-200">
                    {t('weekly.time')}
                  </label>
                  <Input
                    id={timeId}
                    type="time"
                    step={900}
                    defaultValue={hhmm(current.minute)}
                    key={current.minute}
                    onBlur={(event) => {
                      const minute = minuteOf(event.currentTarget.value);
                      if (minute !== null && minute !== current.minute) change({ minute });
                    }}
                  />
                </div>
              </div>
              <div className="grid gap-1.5">
                <label htmlFor={zoneId} className="text-sm font-medium text-stone-200">
                  {t('weekly.timeZone')}
                </label>
                {/* A native list: some four hundred zones, typed to as the phone's own picker allows. */}
                <select
                  id={zoneId}
                  value={current.timeZone}
                  onChange={(event) => change({ timeZone: event.currentTarget.value })}
                  disabled={save.isPending}
                  className={clsx('min-h-11 w-full rounded-lg border border-stone-600 bg-stone-950 px-3 text-base text-stone-50 disabled:opacity-50', focusRing)}
                >
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replace(/_/g, ' ')}
                    </option>
                  ))}
                </select>
              </div>
              <p className="text-sm text-stone-400">{t('weekly.when', { day: days.find((d) => d.value === String(current.day))?.label, time: hhmm(current.minute) })}</p>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
