import { describe, expect, it } from 'vitest';
import { TemporalError, toTemporalColumns } from './temporal-context.ts';

const today = new Date('2026-06-15T12:00:00Z');
const none = { specificDate: null, month: null, year: null, endYear: null };

describe('toTemporalColumns', () => {
  it('keeps only the type for unknown', () => {
    expect(toTemporalColumns({ temporalType: 'unknown', year: 1970, month: 3 }, today)).toEqual({ ...none, temporalType: 'unknown' });
  });

  it('keeps a specific date and its year', () => {
    expect(toTemporalColumns({ temporalType: 'specific_date', specificDate: '1969-07-20', month: 2 }, today)).toEqual({
      ...none,
      temporalType: 'specific_date',
      specificDate: '1969-07-20',
      year: 1969,
    });
  });

  it('keeps month only for month_year and endYear only for year_span', () => {
    expect(toTemporalColumns({ temporalType: 'year', year: 1980, month: 4, endYear: 1990 }, today)).toEqual({
      ...none,
      temporalType: 'year',
      year: 1980,
    });
    expect(toTemporalColumns({ temporalType: 'month_year', month: 4, year: 1980, endYear: 1990 }, today)).toMatchObject({
      month: 4,
      year: 1980,
      endYear: null,
    });
    expect(toTemporalColumns({ temporalType: 'year_span', year: 1980, endYear: 1990, month: 4 }, today)).toMatchObject({
      month: null,
      year: 1980,
      endYear: 1990,
    });
  });

  it('accepts the published page vocabulary', () => {
    expect(toTemporalColumns({ temporalType: 'span', year: 1950, endYear: 1955 }, today).temporalType).toBe('year_span');
    expect(toTemporalColumns({ temporalType: 'month', month: 12, year: 1950 }, today).temporalType).toBe('month_year');
    expect(toTemporalColumns({ temporalType: 'specific', year: 1950, month: 2, day: 3 }, today).specificDate).toBe('1950-02-03');
  });

  it('clears everything when all is null', () => {
    expect(toTemporalColumns({ temporalType: null, specificDate: null, month: null, year: null, endYear: null }, today)).toEqual({
      ...none,
      temporalType: null,
    });
  });

  it.each([
    [{ temporalType: 'year_span', year: 1990, endYear: 1980 }, 'endYear'],
    [{ temporalType: 'year', year: 2037 }, 'year'],
    [{ temporalType: 'year' }, 'year'],
    [{ temporalType: 'month_year', year: 1990 }, 'month'],
    [{ temporalType: 'specific_date', specificDate: '1990-02-30' }, 'specificDate'],
    [{ temporalType: 'sometime', year: 1990 }, 'temporalType'],
    [{ temporalType: null, year: 1990 }, 'temporalType'],
  ])('refuses %o naming %s', (body, field) => {
    expect(() => toTemporalColumns(body as never, today)).toThrow(TemporalError);
    try {
      toTemporalColumns(body as never, today);
    } catch (error) {
      expect((error as TemporalError).field).toBe(field);
    }
  });
});
