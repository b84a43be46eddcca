/** Whether an edited title, text or transcription is saved (spec 5): non-empty after trimming and changed. */
export function isSavableEdit(draft: string, stored: string | null): boolean {
  const trimmed = draft.trim();
  return trimmed !== '' && trimmed !== (stored ?? '').trim();
}
