/** The id in an address segment (/library/{id}), or null when it is not a positive whole number. */
export function parseRouteId(value: string | undefined): number | null {
  const id = Number(value);
  return value !== undefined && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
