import { expect, it } from 'vitest';
import { isTimeZone, latestWeeklySlot } from './weekly-slot.ts';

const MONDAY_NINE = { day: 1, minute: 9 * 60 };

it('knows the IANA zones Intl knows, and nothing else', () => {
  expect(isTimeZone('Europe/Helsinki')).toBe(true);
  expect(isTimeZone('UTC')).toBe(true);
  expect(isTimeZone('Europe/Atlantis')).toBe(false);
  expect(isTimeZone('')).toBe(false);
});

it('gives the latest local slot as an instant, in winter and in summer time', () => {
  // Helsinki is UTC+2 in winter, UTC+3 in summer.
  expect(latestWeeklySlot(new Date('2026-11-30T07:05:00Z'), MONDAY_NINE, 'Europe/Helsinki').toISOString()).toBe('2026-11-30T07:00:00.000Z');
  expect(latestWeeklySlot(new Date('2026-06-01T06:05:00Z'), MONDAY_NINE, 'Europe/Helsinki').toISOString()).toBe('2026-06-01T06:00:00.000Z');
  // A minute before the slot, the slot due is last week's.
  expect(latestWeeklySlot(new Date('2026-11-30T06:59:00Z'), MONDAY_NINE, 'Europe/Helsinki').toISOString()).toBe('2026-11-23T07:00:00.000Z');
  // Across the date line: Monday 9:00 in Auckland is Sunday evening in UTC.
  expect(latestWeeklySlot(new Date('2026-11-29T20:30:00Z'), MONDAY_NINE, 'Pacific/Auckland').toISOString()).toBe('2026-11-29T20:00:00.000Z');
});

it('keeps the local hour across a change of clocks, and gives the same instant for the same slot', () => {
  // Sunday 29 March 2026 the clocks go forward in Helsinki; the Monday after is in summer time.
  const after = latestWeeklySlot(new Date('2026-03-30T12:00:00Z'), MONDAY_NINE, 'Europe/Helsinki');
  expect(after.toISOString()).toBe('2026-03-30T06:00:00.000Z');
  expect(latestWeeklySlot(new Date('2026-04-02T12:00:00Z'), MONDAY_NINE, 'Europe/Helsinki').getTime()).toBe(after.getTime());
  // A slot in the hour that does not exist (3:30 on the night the clocks go forward) comes just after it.
  const gap = latestWeeklySlot(new Date('2026-03-29T12:00:00Z'), { day: 0, minute: 3 * 60 + 30 }, 'Europe/Helsinki');
  expect(gap.getTime()).toBeLessThanOrEqual(new Date('2026-03-29T12:00:00Z').getTime());
  expect(gap.toISOString()).toBe('2026-03-29T01:30:00.000Z');
});
