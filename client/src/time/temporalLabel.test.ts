import { describe, expect, it } from 'vitest';
import { NO_TIME } from './timePeriod.ts';
import { temporalLabel } from './temporalLabel.ts';

describe('temporalLabel', () => {
  it('writes a specific date in each language without moving the day', () => {
    const fields = { ...NO_TIME, temporalType: 'specific_date' as const, specificDate: '1969-07-20', year: 1969 };
    expect(temporalLabel(fields, 'en')).toBe('July 20, 1969');
    expect(temporalLabel(fields, 'fi')).toBe('20. heinäkuuta 1969');
  });

  it('writes a month and year in each language', () => {
    const fields = { ...NO_TIME, temporalType: 'month_year' as const, month: 3, year: 1965 };
    expect(temporalLabel(fields, 'en')).toBe('March 1965');
    expect(temporalLabel(fields, 'fi')).toBe('maaliskuu 1965');
  });

  it('writes a year and a span of years', () => {
    expect(temporalLabel({ ...NO_TIME, temporalType: 'year', year: 1980 }, 'fi')).toBe('1980');
    expect(temporalLabel({ ...NO_TIME, temporalType: 'year_span', year: 1960, endYear: 1965 }, 'en')).toBe('1960–1965');
    expect(temporalLabel({ ...NO_TIME, temporalType: 'year_span', year: 1960, endYear: 1960 }, 'en')).toBe('1960');
  });

  it('gives nothing for no time, an unknown time or missing fields', () => {
    expect(temporalLabel(NO_TIME, 'en')).toBeNull();
    expect(temporalLabel({ ...NO_TIME, temporalType: 'unknown' }, 'en')).toBeNull();
    expect(temporalLabel({ ...NO_TIME, temporalType: 'year' }, 'en')).toBeNull();
  });
});
