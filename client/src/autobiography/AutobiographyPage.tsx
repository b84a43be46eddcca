/** /collections/books/:autobiographyId: reading an autobiography, with its downloads; built by the autobiography work. */
export function AutobiographyPage() {
  return null;
}
