import { describe, expect, it } from 'vitest';
import { hideLabels, readHiddenLabels, restoreLabel, visibleLabels } from './hiddenLabels.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('hidden labels', () => {
  it('keeps people and places apart under the spec keys', () => {
    const storage = memoryStorage();
    hideLabels('person', ['Anna', 'Annan'], storage);
    hideLabels('place', ['Oulu'], storage);
    expect(JSON.parse(storage.getItem('hiddenPeopleLabels')!)).toEqual(['Anna', 'Annan']);
    expect(readHiddenLabels('place', storage)).toEqual(['Oulu']);
  });

  it('does not hide a label twice and restores one', () => {
    const storage = memoryStorage();
    hideLabels('person', ['Anna'], storage);
    hideLabels('person', ['Anna', 'Matti'], storage);
    expect(restoreLabel('person', 'Anna', storage)).toEqual(['Matti']);
    expect(readHiddenLabels('person', storage)).toEqual(['Matti']);
  });

  it('reads a damaged value as none', () => {
    const storage = memoryStorage();
    storage.setItem('hiddenPeopleLabels', '{oops');
    expect(readHiddenLabels('person', storage)).toEqual([]);
    storage.setItem('hiddenPeopleLabels', '[1,"Anna"]');
    expect(readHiddenLabels('person', storage)).toEqual(['Anna']);
  });

  it('leaves hidden labels out of the suggestions', () => {
    expect(visibleLabels(['Anna', 'Matti', 'Oulu'], ['Matti'])).toEqual(['Anna', 'Oulu']);
  });
});
