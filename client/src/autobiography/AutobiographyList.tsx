/** The generated autobiographies on the Biography screen, and the way to generate one; built by the autobiography work. */
export function AutobiographyList() {
  return null;
}
