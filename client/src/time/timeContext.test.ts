import { describe, expect, it } from 'vitest';
import { temporalContextSchema } from '../../../contract/temporal.ts';
import {
  canSaveTimeContext,
  initialTimeContextDraft,
  localIsoDate,
  timeContextToSave,
  toTemporalContext,
  type ChosenTimeDraft,
  type TimeContextDraft,
} from './timeContext.ts';

const today = new Date(2025, 5, 15, 10, 30);
const draft = (fields: Partial<ChosenTimeDraft>): ChosenTimeDraft => ({
  ...initialTimeContextDraft(today),
  temporalType: 'specific_date',
  specificDate: '2025-06-15',
  ...fields,
});
const canSave = (fields: Partial<ChosenTimeDraft>) => canSaveTimeContext(draft(fields), today);

describe('initialTimeContextDraft', () => {
  it('starts with no time chosen and no date, which cannot be saved', () => {
    const first = initialTimeContextDraft(today);
    expect(first).toMatchObject({ temporalType: '', specificDate: '', month: '6', year: '' });
    expect(canSaveTimeContext(first, today)).toBe(false);
    expect(timeContextToSave(first, null, today)).toBeNull();
  });

  it("starts from the story's own time when it has one, and saving it unchanged sends nothing", () => {
    const stored = { temporalType: 'year' as const, specificDate: null, month: null, year: 1975, endYear: null };
    const first = initialTimeContextDraft(today, stored);
    expect(first).toMatchObject({ temporalType: 'year', year: '1975' });
    expect(timeContextToSave(first, stored, today)).toBeNull();
    expect(timeContextToSave({ ...first, year: '1976' }, stored, today)).toMatchObject({ temporalType: 'year', year: 1976 });
  });

  it('formats dates in local time', () => {
    expect(localIsoDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });
});

describe('canSaveTimeContext', () => {
  it('needs a real date no later than today for a specific date', () => {
    expect(canSave({ specificDate: '' })).toBe(false);
    expect(canSave({ specificDate: '1969-07-20' })).toBe(true);
    expect(canSave({ specificDate: '2025-06-16' })).toBe(false);
    expect(canSave({ specificDate: '2023-02-30' })).toBe(false);
  });

  it('needs a month and a year for month and year', () => {
    expect(canSave({ temporalType: 'month_year', month: '', year: '1980' })).toBe(false);
    expect(canSave({ temporalType: 'month_year', month: '3', year: '' })).toBe(false);
    expect(canSave({ temporalType: 'month_year', month: '13', year: '1980' })).toBe(false);
    expect(canSave({ temporalType: 'month_year', month: '3', year: '1980' })).toBe(true);
  });

  it('needs a year from 1900 to this year', () => {
    expect(canSave({ temporalType: 'year', year: '' })).toBe(false);
    expect(canSave({ temporalType: 'year', year: '1899' })).toBe(false);
    expect(canSave({ temporalType: 'year', year: '1900' })).toBe(true);
    expect(canSave({ temporalType: 'year', year: '2025' })).toBe(true);
    expect(canSave({ temporalType: 'year', year: '2026' })).toBe(false);
    expect(canSave({ temporalType: 'year', year: '19x0' })).toBe(false);
  });

  it('needs a start no later than the end for a span', () => {
    expect(canSave({ temporalType: 'year_span', year: '1970', endYear: '' })).toBe(false);
    expect(canSave({ temporalType: 'year_span', year: '1980', endYear: '1970' })).toBe(false);
    expect(canSave({ temporalType: 'year_span', year: '1970', endYear: '1970' })).toBe(true);
    expect(canSave({ temporalType: 'year_span', year: '1970', endYear: '1985' })).toBe(true);
  });

  it('always allows unknown', () => {
    expect(canSave({ temporalType: 'unknown', specificDate: '', year: 'x' })).toBe(true);
  });
});

describe('toTemporalContext', () => {
  it('sends only the fields of the chosen type', () => {
    expect(toTemporalContext(draft({ specificDate: '1969-07-20', month: '3', endYear: '1990' }))).toEqual({
      temporalType: 'specific_date',
      specificDate: '1969-07-20',
      month: null,
      year: 1969,
      endYear: null,
    });
    expect(toTemporalContext(draft({ temporalType: 'month_year', month: '3', year: '1980' }))).toMatchObject({
      temporalType: 'month_year',
      specificDate: null,
      month: 3,
      year: 1980,
    });
    expect(toTemporalContext(draft({ temporalType: 'year_span', year: '1970', endYear: '1985' }))).toMatchObject({
      year: 1970,
      endYear: 1985,
      month: null,
    });
    expect(toTemporalContext(draft({ temporalType: 'unknown', year: '1970' }))).toEqual({
      temporalType: 'unknown',
      specificDate: null,
      month: null,
      year: null,
      endYear: null,
    });
  });

  it('fits the wire schema', () => {
    const context = toTemporalContext(draft({ temporalType: 'year', year: '1955' }));
    expect(temporalContextSchema.parse(context)).toEqual(context);
  });
});
