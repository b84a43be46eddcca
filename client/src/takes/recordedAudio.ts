/** What the checks at stop look at: the recorded bytes and the time recorded, pauses excluded. */
export interface RecordedAudio {
  /** How many data chunks the recorder delivered. */
  chunkCount: number;
  sizeBytes: number;
  durationSeconds: number;
}

/** Why a recording is refused before upload (spec 5 and 8.4), in the order they are checked. */
export type RecordingProblem =
  | { kind: 'no_audio' }
  | { kind: 'too_small' }
  | { kind: 'too_short' }
  | { kind: 'low_quality'; kilobytes: number; seconds: number }
  | { kind: 'no_speech' };
