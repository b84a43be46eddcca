import { describe, expect, it } from 'vitest';
import { keepsHandEdit, latestEdit, mergeWrittenStory } from './hand-edits.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
const stored = { title: 'My own title', content: 'My own words.', titleEditedAt: null, contentEditedAt: null };
const written = { title: 'The writer’s title', content: 'The writer’s text.' };

describe('keepsHandEdit', () => {
  it('keeps an edit unless the consent reaches it', () => {
    expect(keepsHandEdit(null, null)).toBe(false);
    expect(keepsHandEdit(at(1), null)).toBe(true);
    expect(keepsHandEdit(at(1), at(1))).toBe(false);
    expect(keepsHandEdit(at(1), at(2))).toBe(false);
    // Edited after the person asked to replace their edits: a new edit, kept.
    expect(keepsHandEdit(at(3), at(2))).toBe(true);
  });
});

describe('mergeWrittenStory', () => {
  it('stores everything the writer wrote over a story never edited by hand', () => {
    expect(mergeWrittenStory(stored, written)).toEqual({ ...written, titleEditedAt: null, contentEditedAt: null });
  });

  it('keeps a hand-edited title and its mark, and takes the new text', () => {
    expect(mergeWrittenStory({ ...stored, titleEditedAt: at(1) }, written)).toEqual({
      title: 'My own title',
      titleEditedAt: at(1),
      content: 'The writer’s text.',
      contentEditedAt: null,
    });
  });

  it('keeps hand-edited text and takes the new title', () => {
    expect(mergeWrittenStory({ ...stored, contentEditedAt: at(1) }, written)).toEqual({
      title: 'The writer’s title',
      titleEditedAt: null,
      content: 'My own words.',
      contentEditedAt: at(1),
    });
  });

  it('replaces the edits the person agreed to replace and clears their marks', () => {
    const edited = { ...stored, titleEditedAt: at(1), contentEditedAt: at(2) };
    expect(mergeWrittenStory(edited, written, { replaceEditsUpTo: at(2) })).toEqual({ ...written, titleEditedAt: null, contentEditedAt: null });
  });

  it('keeps an edit made after the person agreed, replacing only the earlier one', () => {
    const edited = { ...stored, titleEditedAt: at(1), contentEditedAt: at(5) };
    expect(mergeWrittenStory(edited, written, { replaceEditsUpTo: at(2) })).toEqual({
      title: 'The writer’s title',
      titleEditedAt: null,
      content: 'My own words.',
      contentEditedAt: at(5),
    });
  });
});

describe('latestEdit', () => {
  it('is the last of the edits, or null without any', () => {
    expect(latestEdit(null, null)).toBeNull();
    expect(latestEdit(at(4), null, at(2))).toEqual(at(4));
  });
});
