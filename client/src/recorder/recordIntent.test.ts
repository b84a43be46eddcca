import { describe, expect, it } from 'vitest';
import { consumeRecordIntent, hasRecordIntent } from './recordIntent.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe('the recorder starts by itself only after a press of Record', () => {
  it('starts for a new history entry (Record pressed)', () => {
    expect(hasRecordIntent('PUSH', 'k1', memoryStorage())).toBe(true);
    expect(hasRecordIntent('REPLACE', 'k1', memoryStorage())).toBe(true);
  });

  it('never starts for Back, Forward or a reload (a POP), nor for an address typed or opened from outside', () => {
    expect(hasRecordIntent('POP', 'k1', memoryStorage())).toBe(false);
    expect(hasRecordIntent('PUSH', 'default', memoryStorage())).toBe(false);
  });

  it('an entry whose press already started the microphone never starts it again', () => {
    const storage = memoryStorage();
    consumeRecordIntent('k1', storage);
    expect(hasRecordIntent('PUSH', 'k1', storage)).toBe(false);
    expect(hasRecordIntent('PUSH', 'k2', storage)).toBe(true);
  });

  it('a broken or missing store leaves the navigation type to decide', () => {
    const storage = memoryStorage();
    storage.setItem('saaga.consumedRecordIntents', '{not json');
    expect(hasRecordIntent('PUSH', 'k1', storage)).toBe(true);
    expect(hasRecordIntent('PUSH', 'k1', null)).toBe(true);
    expect(() => consumeRecordIntent('k1', null)).not.toThrow();
  });
});
