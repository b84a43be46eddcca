/** Seconds as m:ss (0:07, 3:05, 72:00); nothing known or not a number reads 0:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const whole = Number.isFinite(seconds) && seconds! > 0 ? Math.floor(seconds!) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The length to show for a recording: the player's own when it knows one, else the stored one. */
export function playableDuration(mediaDuration: number, storedDuration: number | null): number {
  if (Number.isFinite(mediaDuration) && mediaDuration > 0) return mediaDuration;
  return storedDuration ?? 0;
}
