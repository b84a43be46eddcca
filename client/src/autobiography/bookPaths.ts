/** Back from a book goes to the Biography screen, where the list of autobiographies is. */
export const BOOKS_HOME = '/collections';
export const NEW_BOOK_PATH = '/collections/books/new';
export const bookPath = (id: number) => `/collections/books/${id}`;
/** The book as a book to print: its trim, cover, dedication and the print-ready PDFs (issue 30). */
export const printBookPath = (id: number) => `/collections/books/${id}/print`;
