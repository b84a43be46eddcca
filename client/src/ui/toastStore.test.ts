import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../contract/timings.ts';
import { currentToasts as current, dismissToast, toast } from './toastStore.ts';

afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Second', description: 'More', variant: 'destructive' });
    expect(current()).toEqual([
      { id: second.id, title: 'Second', description: 'More', variant: 'destructive', open: true },
    ]);
  });

  it('closes a dismissed toast and removes it after the removal delay', () => {
    vi.useFakeTimers();
    const shown = toast({ title: 'Saved' });
    shown.dismiss();
    expect(current()).toEqual([{ id: shown.id, title: 'Saved', open: false }]);
    vi.advanceTimersByTime(TIMINGS.toastRemoveDelayMs);
    expect(current()).toEqual([]);
  });

  it('dismisses whatever is showing when no id is given', () => {
    vi.useFakeTimers();
    const shown = toast({ title: 'Hello' });
    dismissToast();
    expect(current()).toEqual([{ id: shown.id, title: 'Hello', open: false }]);
    vi.advanceTimersByTime(TIMINGS.toastRemoveDelayMs);
    expect(current()).toEqual([]);
  });
});
