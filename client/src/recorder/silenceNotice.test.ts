import { describe, expect, it } from 'vitest';
import { averageLevel, isSilenceNoticeShown, nextSilenceNotice, NO_SILENCE, type SilenceNotice } from './silenceNotice.ts';

/** Feeds one reading every 200 ms from `from` to `to` and returns the notice. */
function feed(notice: SilenceNotice, level: number, from: number, to: number): SilenceNotice {
  let current = notice;
  for (let now = from; now <= to; now += 200) current = nextSilenceNotice(current, level, now);
  return current;
}

describe('averageLevel', () => {
  it('averages the readings', () => {
    expect(averageLevel(new Uint8Array([0, 10, 20]))).toBe(10);
    expect(averageLevel(new Uint8Array([]))).toBe(0);
  });
});

describe('nextSilenceNotice', () => {
  it('shows after 5 s at level 5 or below', () => {
    expect(isSilenceNoticeShown(feed(NO_SILENCE, 5, 0, 4800))).toBe(false);
    expect(isSilenceNoticeShown(feed(NO_SILENCE, 5, 0, 5000))).toBe(true);
  });

  it('hides 3 s after showing, and shows again after another 5 s of quiet', () => {
    const shown = feed(NO_SILENCE, 0, 0, 5000);
    expect(isSilenceNoticeShown(feed(shown, 0, 5200, 7800))).toBe(true);
    const hidden = feed(shown, 0, 5200, 8000);
    expect(isSilenceNoticeShown(hidden)).toBe(false);
    expect(isSilenceNoticeShown(feed(hidden, 0, 8200, 12_800))).toBe(false);
    expect(isSilenceNoticeShown(feed(hidden, 0, 8200, 13_000))).toBe(true);
  });

  it('clears at once on speech', () => {
    const shown = feed(NO_SILENCE, 0, 0, 5000);
    expect(nextSilenceNotice(shown, 6, 5200)).toEqual(NO_SILENCE);
  });

  it('starts counting again after speech', () => {
    let notice = feed(NO_SILENCE, 0, 0, 4000);
    notice = nextSilenceNotice(notice, 40, 4200);
    expect(isSilenceNoticeShown(feed(notice, 0, 4400, 9200))).toBe(false);
    expect(isSilenceNoticeShown(feed(notice, 0, 4400, 9400))).toBe(true);
  });
});
