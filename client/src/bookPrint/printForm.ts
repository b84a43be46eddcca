import { PRINT_LIMITS, type PrintBook, type PrintRequest, type PrintTrim } from '../../../contract/print-book.ts';

/** What the person chooses for the print: kept as typed (the dedication untrimmed) until it is sent. */
export interface PrintChoices {
  trim: PrintTrim;
  /** One of the book's photos, or null for a cover with the title alone. */
  coverPhotoId: number | null;
  dedication: string;
}

/** The choices of the last print, or the defaults (6 x 9 in, no photo, no dedication) before the first. */
export function choicesOf(print: PrintBook | undefined): PrintChoices {
  return { trim: print?.trim ?? '6x9', coverPhotoId: print?.coverPhotoId ?? null, dedication: print?.dedication ?? '' };
}

/** The dedication as the server keeps it (trimmed), so a typed space is no unsaved change. */
export const dedicationText = (dedication: string) => dedication.trim();

/** The dedication's length as the limit counts it (the server trims it first). */
export const dedicationLength = (dedication: string) => dedicationText(dedication).length;

export const dedicationTooLong = (dedication: string) => dedicationLength(dedication) > PRINT_LIMITS.dedicationMax;

/** The typed dedication differs from the one the last print was made with: leaving would lose it. */
export function dedicationUnsaved(choices: PrintChoices, print: PrintBook | undefined): boolean {
  return dedicationText(choices.dedication) !== (print?.dedication ?? '');
}

/**
 * The request's body: a cover photo only when it is still one of the book's (a photo removed
 * since is dropped; `bookPhotoIds` undefined when the list could not be read), the dedication
 * only when there is one.
 */
export function printRequestOf(choices: PrintChoices, bookPhotoIds: number[] | undefined): PrintRequest {
  const { coverPhotoId } = choices;
  const dedication = dedicationText(choices.dedication);
  const photoKept = coverPhotoId !== null && (bookPhotoIds === undefined || bookPhotoIds.includes(coverPhotoId));
  return { trim: choices.trim, ...(photoKept ? { coverPhotoId } : {}), ...(dedication ? { dedication } : {}) };
}
