import { DATE_LOCALES, type Language } from '../../../contract/languages.ts';

type DateInput = Date | string | number;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

// Making an Intl formatter costs far more than using one (on a phone, a list of dates made
// one each took a tenth of a second): one per locale and options, kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(kind: string, options: object | undefined, make: () => F): F {
  const key = `${kind} ${JSON.stringify(options ?? {})}`;
  let found = formatters.get(key) as F | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** A date in the language's locale (fi-FI or en-US); medium date style unless told otherwise. */
export function formatDate(
  date: DateInput,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const locale = DATE_LOCALES[language];
  return formatter(`date ${locale}`, options, () => new Intl.DateTimeFormat(locale, options)).format(new Date(date));
}

/**
 * "5 minutes ago" / "5 minuuttia sitten": seconds under 60 s, minutes under 60 min, hours
 * under 24 h, days under 30 days, months under 12 months, then years (spec 9.6).
 */
export function formatRelativeTime(date: DateInput, language: Language, now: DateInput = Date.now()): string {
  const diff = new Date(date).getTime() - new Date(now).getTime();
  const elapsed = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const locale = DATE_LOCALES[language];
  const format = formatter(`relative ${locale}`, undefined, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const months = Math.floor(elapsed / MONTH);
  if (elapsed < MINUTE) return format.format(sign * Math.floor(elapsed / SECOND), 'second');
  if (elapsed < HOUR) return format.format(sign * Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(sign * Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < MONTH) return format.format(sign * Math.floor(elapsed / DAY), 'day');
  if (months < 12) return format.format(sign * months, 'month');
  return format.format(sign * Math.max(1, Math.floor(elapsed / YEAR)), 'year');
}

/** A number in the language's locale (1,234.5 or 1 234,5). */
export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  const locale = DATE_LOCALES[language];
  return formatter(`number ${locale}`, options, () => new Intl.NumberFormat(locale, options)).format(value);
}

const SIZE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A file's size in the language's units: "1.2 GB" / "1,2 Gt", "640 kB" (steps of 1000, as disks and browsers count; kB at least). */
export function formatFileSize(bytes: number, language: Language): string {
  let unit = 0;
  let value = bytes / 1000;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, language, { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 });
}
