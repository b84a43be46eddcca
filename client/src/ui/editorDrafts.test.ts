import { describe, expect, it } from 'vitest';
import { clearDraft, draftStorageKey, readDraft, writeDraft } from './editorDrafts.ts';
import { dirtyEditors, leavingAsks, registerEditor } from './editorGuards.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('an unsaved draft kept on the device', () => {
  it('is kept per user and edited thing, read back with its time, and removed', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'u1', 'story:3:content', 'My words', 1000);
    expect(readDraft(storage, 'u1', 'story:3:content')).toEqual({ value: 'My words', savedAt: 1000 });
    // Another user on this browser, or another story, sees none of it.
    expect(readDraft(storage, 'u2', 'story:3:content')).toBeNull();
    expect(readDraft(storage, 'u1', 'story:4:content')).toBeNull();
    clearDraft(storage, 'u1', 'story:3:content');
    expect(readDraft(storage, 'u1', 'story:3:content')).toBeNull();
  });

  it('a broken entry or a refusing storage is no draft, and never throws', () => {
    const storage = memoryStorage();
    storage.data.set(draftStorageKey('u1', 'k'), '{not json');
    expect(readDraft(storage, 'u1', 'k')).toBeNull();
    const refusing = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => writeDraft(refusing, 'u1', 'k', 'x', 1)).not.toThrow();
    expect(readDraft(null, 'u1', 'k')).toBeNull();
  });
});

describe('the editors open on a page', () => {
  it('leaving asks while one holds a change it does not save by itself', () => {
    let dirty = false;
    let autosaves = false;
    const remove = registerEditor({ id: 'a', isDirty: () => dirty, leavesFreely: () => autosaves, save: async () => true, discard: () => {} });
    expect(leavingAsks()).toBe(false);
    dirty = true;
    expect(leavingAsks()).toBe(true);
    expect(dirtyEditors().map((editor) => editor.id)).toEqual(['a']);
    autosaves = true;
    expect(leavingAsks()).toBe(false);
    remove();
    expect(dirtyEditors()).toEqual([]);
  });
});
