import { describe, expect, it } from 'vitest';
import { PRINT_LIMITS, printBookSchema, printRequestSchema, type PrintBook } from '../../../contract/print-book.ts';
import { choicesOf, dedicationLength, dedicationTooLong, dedicationUnsaved, printRequestOf } from './printForm.ts';

const ready = (fields: Partial<PrintBook>): PrintBook =>
  printBookSchema.parse({
    state: 'ready',
    trim: 'a5',
    coverPhotoId: 7,
    dedication: 'For Anna',
    progress: { done: 96, total: 96 },
    pageCount: 96,
    spineInches: 0.24,
    warnings: [],
    error: null,
    errorCode: null,
    createdAt: '2026-12-07T10:00:00.000Z',
    finishedAt: '2026-12-07T10:02:00.000Z',
    interiorUrl: '/api/autobiographies/1/print/interior.pdf',
    coverUrl: '/api/autobiographies/1/print/cover.pdf',
    ...fields,
  });

describe('the print form', () => {
  it('starts from 6 x 9 in, no photo and no dedication before the first print', () => {
    expect(choicesOf(undefined)).toEqual({ trim: '6x9', coverPhotoId: null, dedication: '' });
    expect(choicesOf(ready({ state: 'none', trim: null, coverPhotoId: null, dedication: null }))).toEqual({ trim: '6x9', coverPhotoId: null, dedication: '' });
  });

  it('starts from the last print’s choices', () => {
    expect(choicesOf(ready({}))).toEqual({ trim: 'a5', coverPhotoId: 7, dedication: 'For Anna' });
  });

  it('counts the dedication as the server does, without the spaces around it', () => {
    expect(dedicationLength('  For Anna \n')).toBe(8);
    expect(dedicationTooLong('x'.repeat(PRINT_LIMITS.dedicationMax))).toBe(false);
    expect(dedicationTooLong(` ${'x'.repeat(PRINT_LIMITS.dedicationMax)} `)).toBe(false);
    expect(dedicationTooLong('x'.repeat(PRINT_LIMITS.dedicationMax + 1))).toBe(true);
  });

  it('holds an unsaved dedication only while the typed words differ from the last print’s', () => {
    const print = ready({});
    expect(dedicationUnsaved({ ...choicesOf(print), dedication: 'For Anna ' }, print)).toBe(false);
    expect(dedicationUnsaved({ ...choicesOf(print), dedication: 'For Anna and Eero' }, print)).toBe(true);
    expect(dedicationUnsaved({ trim: '6x9', coverPhotoId: null, dedication: '' }, undefined)).toBe(false);
    expect(dedicationUnsaved({ trim: '6x9', coverPhotoId: null, dedication: 'Äidille' }, undefined)).toBe(true);
  });

  it('sends the trim, a photo still in the book and a dedication only when there is one, as the contract reads them', () => {
    const body = printRequestOf({ trim: '8x10', coverPhotoId: 7, dedication: '  Äidille, joka kertoi.  ' }, [3, 7]);
    expect(body).toEqual({ trim: '8x10', coverPhotoId: 7, dedication: 'Äidille, joka kertoi.' });
    expect(printRequestSchema.parse(body)).toEqual(body);
    expect(printRequestOf({ trim: '6x9', coverPhotoId: null, dedication: '   ' }, [3])).toEqual({ trim: '6x9' });
    // A photo taken out of the book since it was chosen: the cover has the title alone.
    expect(printRequestOf({ trim: 'a5', coverPhotoId: 9, dedication: '' }, [3, 7])).toEqual({ trim: 'a5' });
    // The book's photos could not be read: the choice is sent and the server checks it.
    expect(printRequestOf({ trim: 'a5', coverPhotoId: 9, dedication: '' }, undefined)).toEqual({ trim: 'a5', coverPhotoId: 9 });
  });
});
