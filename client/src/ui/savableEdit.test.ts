import { describe, expect, it } from 'vitest';
import { isSavableEdit } from './savableEdit.ts';

describe('isSavableEdit', () => {
  it('saves a changed, non-empty text', () => {
    expect(isSavableEdit('Summer of 1969', 'Summer')).toBe(true);
    expect(isSavableEdit('New text', null)).toBe(true);
  });

  it('does not save an empty or blank text', () => {
    expect(isSavableEdit('', 'Summer')).toBe(false);
    expect(isSavableEdit('   \n', 'Summer')).toBe(false);
  });

  it('does not save when only surrounding spaces changed', () => {
    expect(isSavableEdit('Summer', 'Summer')).toBe(false);
    expect(isSavableEdit('  Summer \n', 'Summer')).toBe(false);
  });
});
