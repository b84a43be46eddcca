import { describe, expect, it } from 'vitest';
import { liveTextOn, readLiveTextChoice, writeLiveTextChoice } from './liveTextSetting.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

const offered = { available: true, recommended: true, adapter: 'openai' } as const;

describe('the live text setting', () => {
  it('follows the server until the person chooses, then their choice', () => {
    expect(liveTextOn(null, offered)).toBe(true);
    expect(liveTextOn(null, { ...offered, recommended: false })).toBe(false);
    expect(liveTextOn(false, offered)).toBe(false);
    expect(liveTextOn(true, { ...offered, recommended: false })).toBe(true);
  });

  it('is off when the server cannot offer it or has not said', () => {
    expect(liveTextOn(true, { ...offered, available: false })).toBe(false);
    expect(liveTextOn(true, undefined)).toBe(false);
  });

  it('keeps the choice on the device; anything else reads as not chosen', () => {
    const storage = memoryStorage();
    expect(readLiveTextChoice(storage)).toBeNull();
    expect(writeLiveTextChoice(storage, false)).toBe(true);
    expect(readLiveTextChoice(storage)).toBe(false);
    writeLiveTextChoice(storage, true);
    expect(readLiveTextChoice(storage)).toBe(true);
    expect(readLiveTextChoice(memoryStorage({ 'saaga.liveText': 'maybe' }))).toBeNull();
  });

  it('survives a storage that refuses', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readLiveTextChoice(broken)).toBeNull();
    expect(writeLiveTextChoice(broken, true)).toBe(false);
  });
});
