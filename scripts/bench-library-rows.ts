/**
 * The rows of a large library for the benchmarks (bench-api, bench-db-wait): stories of
 * varied length and time, recordings with a transcript. Inserted directly, not uploaded.
 */
const PARAGRAPH = 'We rowed across the lake every morning before breakfast, and my sister Anna counted the strokes out loud. ';

/** The `n`th story of a user, newest first an hour apart; two in three have a year. */
export function benchStoryRow(userId: string, n: number, title = `Memory number ${n}`) {
  return {
    userId,
    title,
    content: PARAGRAPH.repeat(3 + (n % 12)),
    processingStatus: 'generated' as const,
    language: n % 2 ? 'fi' : 'en',
    temporalType: n % 3 ? ('year' as const) : null,
    year: n % 3 ? 1940 + (n % 80) : null,
    createdAt: new Date(Date.now() - n * 3600_000),
  };
}

/** A transcribed recording of a story (or of none), at `orderIndex` in it. */
export function benchRecordingRow(userId: string, storyId: number | null, orderIndex: number, keyId: number = storyId ?? 0) {
  return {
    userId,
    storyId,
    orderIndex,
    audioKey: `users/${userId}/recordings/${keyId}-${orderIndex}.webm`,
    mimeType: 'audio/webm',
    sizeBytes: 90_000,
    duration: 42,
    transcription: PARAGRAPH.repeat(4),
    processingStatus: 'transcribed' as const,
  };
}
