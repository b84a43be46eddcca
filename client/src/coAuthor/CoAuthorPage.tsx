/** The co-author page at /co-author/{token} (spec "Co-author page"). */
export function CoAuthorPage() {
  return null;
}
