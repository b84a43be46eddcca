import { describe, expect, it } from 'vitest';
import { draggedReveal, settledReveal, swipeAxis } from './swipe.ts';

describe('swipeAxis', () => {
  it('waits until the movement passes the lock distance', () => {
    expect(swipeAxis(0, 0)).toBe('undecided');
    expect(swipeAxis(-9, 5)).toBe('undecided');
  });

  it('tells a sideways swipe from a scroll', () => {
    expect(swipeAxis(-30, 4)).toBe('horizontal');
    expect(swipeAxis(12, -3)).toBe('horizontal');
    expect(swipeAxis(3, 25)).toBe('vertical');
    expect(swipeAxis(-15, -15)).toBe('vertical');
  });
});

describe('draggedReveal', () => {
  it('follows a leftward drag up to 100 px', () => {
    expect(draggedReveal(0, -40)).toBe(40);
    expect(draggedReveal(0, -160)).toBe(100);
  });

  it('never reveals past closed when dragged right', () => {
    expect(draggedReveal(0, 30)).toBe(0);
    expect(draggedReveal(80, 30)).toBe(50);
    expect(draggedReveal(80, 200)).toBe(0);
  });
});

describe('settledReveal', () => {
  it('opens to 80 px from the 50 px threshold on', () => {
    expect(settledReveal(49)).toBe(0);
    expect(settledReveal(50)).toBe(80);
    expect(settledReveal(100)).toBe(80);
    expect(settledReveal(0)).toBe(0);
  });
});
