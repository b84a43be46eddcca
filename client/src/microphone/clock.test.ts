import { describe, expect, it } from 'vitest';
import { formatTimer, pauseClock, recordedMs, resumeClock, startClock, STOPPED_CLOCK } from './clock.ts';

describe('recording clock', () => {
  it('counts from the start', () => {
    expect(recordedMs(startClock(1000), 4500)).toBe(3500);
  });

  it('leaves paused time out', () => {
    let clock = startClock(0);
    clock = pauseClock(clock, 3000);
    expect(recordedMs(clock, 10_000)).toBe(3000);
    clock = resumeClock(clock, 10_000);
    expect(recordedMs(clock, 12_000)).toBe(5000);
  });

  it('ignores a second pause or resume', () => {
    const paused = pauseClock(startClock(0), 1000);
    expect(pauseClock(paused, 5000)).toBe(paused);
    const running = startClock(0);
    expect(resumeClock(running, 5000)).toBe(running);
  });

  it('reads zero when stopped', () => {
    expect(recordedMs(STOPPED_CLOCK, 99_999)).toBe(0);
  });
});

describe('formatTimer', () => {
  it('shows mm:ss in whole seconds', () => {
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(999)).toBe('00:00');
    expect(formatTimer(61_000)).toBe('01:01');
    expect(formatTimer(59 * 60_000 + 59_999)).toBe('59:59');
    expect(formatTimer(125 * 60_000)).toBe('125:00');
  });
});
