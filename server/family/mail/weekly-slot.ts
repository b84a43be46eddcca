/**
 * Local weekly times as instants, with Intl alone (no time zone library): a storyteller's
 * "Monday at 9:30 in Europe/Helsinki" is a different UTC hour in summer and winter.
 */

/** Whether Intl knows this IANA time zone ("Europe/Helsinki"); anything else is refused. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  minute: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`. */
function localParts(instant: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, Math.floor(p.minute / 60), p.minute % 60);
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** The instant a wall-clock time of `timeZone` names (in a spring-forward gap, the moment just after it). */
function instantOf(wallUtcMs: number, timeZone: string): Date {
  let guess = wallUtcMs - offsetMs(new Date(wallUtcMs), timeZone);
  // Once more with the offset at the guess: right across a change of offset.
  guess = wallUtcMs - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/**
 * The latest weekly slot (weekday 0 Sunday..6, minute of the local day) at or before `now`, as
 * an instant: the slot whose e-mail is due. The same slot always gives the same instant, so it
 * is the key that keeps a slot's e-mail to one (weekly_question_sends).
 */
export function latestWeeklySlot(now: Date, slot: { day: number; minute: number }, timeZone: string): Date {
  const local = localParts(now, timeZone);
  let daysBack = (local.weekday - slot.day + 7) % 7;
  if (daysBack === 0 && local.minute < slot.minute) daysBack = 7;
  const todayWall = Date.UTC(local.year, local.month - 1, local.day);
  const wall = todayWall - daysBack * DAY_MS + slot.minute * 60_000;
  const instant = instantOf(wall, timeZone);
  // A slot in a spring-forward gap that lands after now belongs to last week.
  return instant.getTime() > now.getTime() ? instantOf(wall - 7 * DAY_MS, timeZone) : instant;
}
