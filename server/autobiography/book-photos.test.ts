import { describe, expect, it } from 'vitest';
import type { photos } from '../db/schema.ts';
import { photoCaption } from './book-photos.ts';

type PhotoRow = typeof photos.$inferSelect;
const row = (id: number, fields: Partial<PhotoRow> = {}) => ({ id, caption: '', contributorName: null, ...fields }) as PhotoRow;

describe('photos as a book shows them', () => {
  it("the caption, and a relative's name under their photo, in the book's language", () => {
    expect(photoCaption(row(1, { caption: ' Laituri 1965 ' }), 'fi')).toBe('Laituri 1965');
    expect(photoCaption(row(1, { caption: 'Laituri', contributorName: 'Serkku Veikko' }), 'fi')).toBe('Laituri · Kuva: Serkku Veikko');
    expect(photoCaption(row(1, { contributorName: 'Cousin Veikko' }), 'en')).toBe('Photo: Cousin Veikko');
    expect(photoCaption(row(1), 'en')).toBe('');
  });
});
