import { DATE_LOCALES, type Language } from '../../../contract/languages.ts';

type DateInput = Date | string | number;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** A date in the language's locale (fi-FI or en-US); medium date style unless told otherwise. */
export function formatDate(
  date: DateInput,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], options).format(new Date(date));
}

/**
 * "5 minutes ago" / "5 minuuttia sitten": seconds under 60 s, minutes under 60 min, hours
 * under 24 h, days under 30 days, months under 12 months, then years (spec 9.6).
 */
export function formatRelativeTime(date: DateInput, language: Language, now: DateInput = Date.now()): string {
  const diff = new Date(date).getTime() - new Date(now).getTime();
  const elapsed = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const format = new Intl.RelativeTimeFormat(DATE_LOCALES[language], { numeric: 'auto' });
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
  return new Intl.NumberFormat(DATE_LOCALES[language], options).format(value);
}
