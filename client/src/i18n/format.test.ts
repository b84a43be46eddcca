import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatNumber, formatRelativeTime } from './format.ts';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatDate', () => {
  it('formats in en-US and fi-FI', () => {
    const date = '2024-03-05T12:00:00Z';
    const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC' };
    expect(formatDate(date, 'en', options)).toBe('3/5/2024');
    expect(formatDate(date, 'fi', options)).toBe('5.3.2024');
  });

  it('uses a medium date by default', () => {
    expect(formatDate(new Date(2024, 2, 5), 'en')).toBe('Mar 5, 2024');
  });

  it('keeps one formatter per language and options, never mixing them up', () => {
    const date = '2024-03-05T12:00:00Z';
    const year: Intl.DateTimeFormatOptions = { year: 'numeric', timeZone: 'UTC' };
    const month: Intl.DateTimeFormatOptions = { month: 'long', timeZone: 'UTC' };
    for (let round = 0; round < 2; round++) {
      expect(formatDate(date, 'en', year)).toBe('2024');
      expect(formatDate(date, 'en', month)).toBe('March');
      expect(formatDate(date, 'fi', month)).toBe('maaliskuu');
      expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
      expect(formatNumber(0.5, 'en', { style: 'percent' })).toBe('50%');
    }
  });
});

describe('formatRelativeTime', () => {
  it('switches units at 60 s, 60 min, 24 h, 30 days and 12 months', () => {
    expect(formatRelativeTime(ago(59 * SECOND), 'en', now)).toBe('59 seconds ago');
    expect(formatRelativeTime(ago(60 * SECOND), 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * MINUTE), 'en', now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(60 * MINUTE), 'en', now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * HOUR), 'en', now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(24 * HOUR), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(29 * DAY), 'en', now)).toBe('29 days ago');
    expect(formatRelativeTime(ago(30 * DAY), 'en', now)).toBe('last month');
    expect(formatRelativeTime(ago(11 * 30 * DAY), 'en', now)).toBe('11 months ago');
    expect(formatRelativeTime(ago(12 * 30 * DAY), 'en', now)).toBe('last year');
    expect(formatRelativeTime(ago(3 * 365 * DAY), 'en', now)).toBe('3 years ago');
  });

  it('speaks Finnish', () => {
    expect(formatRelativeTime(ago(5 * MINUTE), 'fi', now)).toBe('5 minuuttia sitten');
    expect(formatRelativeTime(ago(2 * DAY), 'fi', now)).toBe('toissa päivänä');
    expect(formatRelativeTime(ago(3 * HOUR), 'fi', now)).toBe('3 tuntia sitten');
  });

  it('says "now" for the present and handles future times', () => {
    expect(formatRelativeTime(now, 'en', now)).toBe('now');
    expect(formatRelativeTime(new Date(now.getTime() + 2 * HOUR), 'en', now)).toBe('in 2 hours');
  });
});

describe('formatNumber', () => {
  it('groups digits per locale', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'fi')).toBe('1\u00a0234,5');
  });
});

describe('formatFileSize', () => {
  it('says a size in the unit that fits, in each language', () => {
    expect(formatFileSize(1_234_567_890, 'en')).toBe('1.2 GB');
    expect(formatFileSize(1_234_567_890, 'fi')).toMatch(/^1,2\s?Gt$/);
    expect(formatFileSize(640_000, 'en')).toBe('640 kB');
    expect(formatFileSize(400, 'en')).toBe('0.4 kB');
  });
});
