/** /collections/books/new: choosing chapters or stories and generating an autobiography; built by the autobiography work. */
export function NewAutobiographyPage() {
  return null;
}
