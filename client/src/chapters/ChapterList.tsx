/** The chapters on the Biography screen (spec 2, Collections): built by the chapters work. */
export function ChapterList() {
  return null;
}
