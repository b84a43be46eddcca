import { describe, expect, it } from 'vitest';
import type { photos } from '../db/schema.ts';
import { coverFirst, photoCaption } from './book-photos.ts';

type PhotoRow = typeof photos.$inferSelect;
const row = (id: number, fields: Partial<PhotoRow> = {}) => ({ id, caption: '', contributorName: null, ...fields }) as PhotoRow;

describe('photos as a book shows them', () => {
  it("a story's cover comes first, the rest in their order", () => {
    const rows = [row(1), row(2), row(3)];
    expect(coverFirst(rows, rows[2]).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(coverFirst(rows, null).map((r) => r.id)).toEqual([1, 2, 3]);
    // A cover kept in another home (a person's photo the story was told about) still leads.
    expect(coverFirst(rows, row(9)).map((r) => r.id)).toEqual([9, 1, 2, 3]);
  });

  it("the caption, and a relative's name under their photo, in the book's language", () => {
    expect(photoCaption(row(1, { caption: ' Laituri 1965 ' }), 'fi')).toBe('Laituri 1965');
    expect(photoCaption(row(1, { caption: 'Laituri', contributorName: 'Serkku Veikko' }), 'fi')).toBe('Laituri · Kuva: Serkku Veikko');
    expect(photoCaption(row(1, { contributorName: 'Cousin Veikko' }), 'en')).toBe('Photo: Cousin Veikko');
    expect(photoCaption(row(1), 'en')).toBe('');
  });
});
