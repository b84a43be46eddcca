/**
 * The photo fields the lists and details carry (a story's cover, a person's portrait), read
 * from whatever object the list gives: a thumbnail URL, or the chosen photo's id.
 */
export function thumbUrlOf(item: object, field: 'coverThumbUrl' | 'portraitThumbUrl'): string | null {
  const value = (item as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function chosenIdOf(item: object, field: 'coverPhotoId' | 'portraitPhotoId'): number | null {
  const value = (item as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : null;
}
