import { describe, expect, it } from 'vitest';
import { draftFromTemporal, inlineYearMax, NO_TIME, sameTemporal, timePeriodPayload, timePeriodToSave, type TimePeriodDraft } from './timePeriod.ts';

const today = new Date(2025, 5, 15);
const draft = (fields: Partial<TimePeriodDraft>): TimePeriodDraft => ({
  temporalType: 'year',
  specificDate: '',
  month: '6',
  year: '',
  endYear: '',
  ...fields,
});

describe('draftFromTemporal', () => {
  it('fills the fields of a stored time', () => {
    expect(draftFromTemporal({ temporalType: 'year_span', specificDate: null, month: null, year: 1960, endYear: 1965 }, today)).toEqual({
      temporalType: 'year_span',
      specificDate: '',
      month: '6',
      year: '1960',
      endYear: '1965',
    });
  });

  it('reads no time as none', () => {
    expect(draftFromTemporal(NO_TIME, today).temporalType).toBe('none');
  });
});

describe('timePeriodPayload', () => {
  it('accepts years from 1900 to this year plus 10', () => {
    expect(inlineYearMax(today)).toBe(2035);
    expect(timePeriodPayload(draft({ year: '1900' }), today)).toEqual({ ...NO_TIME, temporalType: 'year', year: 1900 });
    expect(timePeriodPayload(draft({ year: '2035' }), today)).toEqual({ ...NO_TIME, temporalType: 'year', year: 2035 });
    expect(timePeriodPayload(draft({ year: '1899' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ year: '2036' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ year: '19' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ year: '1960.5' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ year: '' }), today)).toBeNull();
  });

  it('saves only the type for unknown, and clears for none', () => {
    expect(timePeriodPayload(draft({ temporalType: 'unknown', year: '1960' }), today)).toEqual({ ...NO_TIME, temporalType: 'unknown' });
    expect(timePeriodPayload(draft({ temporalType: 'none', year: '1960' }), today)).toEqual(NO_TIME);
  });

  it('sends the month only for month and year', () => {
    expect(timePeriodPayload(draft({ temporalType: 'month_year', month: '3', year: '1965' }), today)).toEqual({
      ...NO_TIME,
      temporalType: 'month_year',
      month: 3,
      year: 1965,
    });
    expect(timePeriodPayload(draft({ temporalType: 'month_year', month: '13', year: '1965' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ temporalType: 'year', month: '3', year: '1965' }), today)).toEqual({ ...NO_TIME, temporalType: 'year', year: 1965 });
  });

  it('sends the end year only for a span that does not run backwards', () => {
    expect(timePeriodPayload(draft({ temporalType: 'year_span', year: '1960', endYear: '1963' }), today)).toEqual({
      ...NO_TIME,
      temporalType: 'year_span',
      year: 1960,
      endYear: 1963,
    });
    expect(timePeriodPayload(draft({ temporalType: 'year_span', year: '1963', endYear: '1960' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ temporalType: 'year_span', year: '1960', endYear: '' }), today)).toBeNull();
  });

  it('saves a real date with its year', () => {
    expect(timePeriodPayload(draft({ temporalType: 'specific_date', specificDate: '1969-07-20' }), today)).toEqual({
      ...NO_TIME,
      temporalType: 'specific_date',
      specificDate: '1969-07-20',
      year: 1969,
    });
    expect(timePeriodPayload(draft({ temporalType: 'specific_date', specificDate: '1969-02-30' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ temporalType: 'specific_date', specificDate: '1850-01-01' }), today)).toBeNull();
    expect(timePeriodPayload(draft({ temporalType: 'specific_date', specificDate: '' }), today)).toBeNull();
  });
});

describe('sameTemporal and timePeriodToSave', () => {
  const stored = { ...NO_TIME, temporalType: 'year' as const, year: 1960 };

  it('compares every field', () => {
    expect(sameTemporal(stored, { ...stored })).toBe(true);
    expect(sameTemporal(stored, { ...stored, year: 1961 })).toBe(false);
    expect(sameTemporal(NO_TIME, NO_TIME)).toBe(true);
  });

  it('saves a valid draft only when it differs from what is stored', () => {
    expect(timePeriodToSave(draft({ year: '1960' }), stored, today)).toBeNull();
    expect(timePeriodToSave(draft({ year: '1961' }), stored, today)).toEqual({ ...stored, year: 1961 });
    expect(timePeriodToSave(draft({ year: '196' }), stored, today)).toBeNull();
    expect(timePeriodToSave(draft({ temporalType: 'none' }), stored, today)).toEqual(NO_TIME);
    expect(timePeriodToSave(draft({ temporalType: 'none' }), NO_TIME, today)).toBeNull();
  });
});
