import { expect, it } from 'vitest';
import { LOW_ROOM_MINUTES, minutesThatFit } from './storageRoom.ts';

it('counts the minutes of recording the room left holds, at the recorder\'s bit rate', () => {
  // 64 kbit/s is 8 kB a second: 14.4 MB is half an hour.
  expect(minutesThatFit({ quota: 20_000_000, usage: 5_600_000 }, 64_000)).toBeCloseTo(LOW_ROOM_MINUTES);
  expect(minutesThatFit({ quota: 1_000, usage: 5_000 }, 64_000)).toBe(0);
  expect(minutesThatFit({}, 64_000)).toBeNull();
});
