/** A stretch of speech, in seconds from the start of the recording. */
export interface SpeechSegment {
  start: number;
  end: number;
}

export interface AudioSpan {
  start: number;
  end: number;
}

/** The silences of a recording: everything between speech segments. */
export function silences(speech: SpeechSegment[], durationSeconds: number): AudioSpan[] {
  const sorted = [...speech].sort((a, b) => a.start - b.start);
  const gaps: AudioSpan[] = [];
  let cursor = 0;
  for (const s of sorted) {
    if (s.start > cursor) gaps.push({ start: cursor, end: Math.min(s.start, durationSeconds) });
    cursor = Math.max(cursor, s.end);
  }
  if (cursor < durationSeconds) gaps.push({ start: cursor, end: durationSeconds });
  return gaps.filter((g) => g.end > g.start);
}

/**
 * Plans how to cut a long recording into pieces of at most `maxSeconds`: each cut goes in
 * the middle of the longest silence in the last third of the piece, or hard at the limit
 * when the speaker never pauses there. The pieces cover the whole recording.
 */
export function planChunks(speech: SpeechSegment[], durationSeconds: number, maxSeconds: number): AudioSpan[] {
  if (maxSeconds <= 0) throw new Error('maxSeconds must be positive');
  const gaps = silences(speech, durationSeconds);
  const chunks: AudioSpan[] = [];
  let start = 0;
  while (durationSeconds - start > maxSeconds) {
    const limit = start + maxSeconds;
    const windowStart = start + (maxSeconds * 2) / 3;
    let best: AudioSpan | undefined;
    for (const gap of gaps) {
      const from = Math.max(gap.start, windowStart);
      const to = Math.min(gap.end, limit);
      // Longest pause wins; among pauses about as long, the later one (fewer, fuller pieces).
      if (to > from && (!best || to - from >= best.end - best.start - 0.05)) {
        if (!best || to - from > best.end - best.start + 0.05 || from > best.start) best = { start: from, end: to };
      }
    }
    const cut = best ? (best.start + best.end) / 2 : limit;
    chunks.push({ start, end: cut });
    start = cut;
  }
  chunks.push({ start, end: durationSeconds });
  return chunks;
}
