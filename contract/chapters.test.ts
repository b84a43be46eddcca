import { describe, expect, it } from 'vitest';
import { chapterCreateSchema, chapterEditToSave, chapterUpdateSchema, orderChanges, SUGGESTED_CHAPTER_NAMES, SUGGESTED_CHAPTERS } from './chapters.ts';

describe('chapterEditToSave (spec 5: autosave when the title is non-empty and changed)', () => {
  const stored = { title: 'Early years', description: null };

  it('saves nothing while the title is blank', () => {
    expect(chapterEditToSave({ title: '   ', description: 'new words' }, stored)).toBeNull();
  });

  it('saves nothing when nothing changed but spaces', () => {
    expect(chapterEditToSave({ title: ' Early years ', description: '  ' }, stored)).toBeNull();
  });

  it('saves the trimmed title and description when either changed', () => {
    expect(chapterEditToSave({ title: 'Early years and school ', description: '' }, stored)).toEqual({ title: 'Early years and school', description: null });
    expect(chapterEditToSave({ title: 'Early years', description: ' Born in Oulu ' }, stored)).toEqual({ title: 'Early years', description: 'Born in Oulu' });
    expect(chapterEditToSave({ title: 'Early years', description: '' }, { title: 'Early years', description: 'gone' })).toEqual({
      title: 'Early years',
      description: null,
    });
  });
});

describe('orderChanges', () => {
  it('gives each chapter its position as orderIndex, sending only those that differ', () => {
    const moved = [
      { id: 3, orderIndex: 2 },
      { id: 1, orderIndex: 0 },
      { id: 2, orderIndex: 1 },
    ];
    expect(orderChanges(moved)).toEqual([
      { id: 3, orderIndex: 0 },
      { id: 1, orderIndex: 1 },
      { id: 2, orderIndex: 2 },
    ]);
    expect(orderChanges([{ id: 9, orderIndex: 0 }, { id: 4, orderIndex: 1 }])).toEqual([]);
    // Gaps left by deleted chapters close up.
    expect(orderChanges([{ id: 5, orderIndex: 0 }, { id: 6, orderIndex: 4 }])).toEqual([{ id: 6, orderIndex: 1 }]);
  });
});

describe('chapter bodies', () => {
  it('trims the title, turns a blank description into null and accepts a userId it does not keep', () => {
    expect(chapterCreateSchema.parse({ title: ' Travel ', description: '  ', userId: 'someone', language: 'fi' })).toEqual({
      title: 'Travel',
      description: null,
      language: 'fi',
    });
    expect(chapterUpdateSchema.parse({ orderIndex: 2 })).toEqual({ orderIndex: 2 });
    // Null order or language is the same as none: last, and the default language.
    const nulls = chapterCreateSchema.parse({ title: 'Hobbies', orderIndex: null, language: null });
    expect([nulls.orderIndex, nulls.language]).toEqual([undefined, undefined]);
  });

  it('refuses a blank title with the spec’s words', () => {
    const result = chapterCreateSchema.safeParse({ title: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Chapter title cannot be empty');
  });
});

describe('suggested chapters', () => {
  it('are the spec’s eight, each with its short and longer naming', () => {
    expect(SUGGESTED_CHAPTERS.map((key) => SUGGESTED_CHAPTER_NAMES[key].short)).toEqual([
      'Early years', 'Education', 'Career', 'Relationships', 'Travel', 'Challenges', 'Hobbies', 'Life lessons',
    ]);
    expect(SUGGESTED_CHAPTERS.map((key) => SUGGESTED_CHAPTER_NAMES[key].long)).toEqual([
      'Early years', 'Education and growth', 'Career and achievements', 'Relationships and love', 'Travel and adventures',
      'Challenges and triumphs', 'Hobbies and interests', 'Life lessons',
    ]);
  });
});
