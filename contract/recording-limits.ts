/** Recording and speech limits (spec 9.2). */
export const RECORDING_LIMITS = {
  minBytes: 1000,
  speechCheckMinBytes: 1024,
  minDurationSeconds: 1,
  qualityFloorAfterSeconds: 2,
  qualityBytesPerSecond: 200,
  speechWindowSeconds: 0.1,
  speechWindowLevel: 0.01,
  minSpeechSeconds: 0.3,
  minMeanLevel: 0.003,
  silenceLevel: 5,
  silenceNoticeAfterMs: 5000,
  silenceNoticeHideMs: 3000,
  silenceCheckMs: 200,
  analyserSize: 512,
  chunkMs: 1000,
  liveChunkMs: 500,
  testChunkMs: 200,
  sampleRate: 16000,
  /** Largest upload the server accepts: about 2 hours of 64 kbps opus. */
  maxUploadBytes: 60 * 1024 * 1024,
  /**
   * Longest recording the server decodes, measured from the audio itself: a small file can
   * hold hours of silence, and every second costs decoding time and disk.
   */
  maxDurationSeconds: 2 * 60 * 60,
} as const;

/** Recorder formats in order of preference, with their bitrates. */
export const PREFERRED_FORMATS = [
  { mimeType: 'audio/webm;codecs=opus', bitsPerSecond: 64000 },
  { mimeType: 'audio/webm', bitsPerSecond: 64000 },
  { mimeType: 'audio/mp4;codecs=mp4a.40.2', bitsPerSecond: 128000 },
  { mimeType: 'audio/mp4', bitsPerSecond: 128000 },
  { mimeType: 'audio/wav', bitsPerSecond: 256000 },
  { mimeType: 'audio/ogg;codecs=opus', bitsPerSecond: 64000 },
] as const;

export const RECORDING_STATUSES = ['uploaded', 'transcribing', 'transcribed', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];
export const RECORDING_STATUS_PROGRESS: Record<RecordingStatus, number> = {
  uploaded: 25,
  transcribing: 75,
  transcribed: 100,
  failed: 0,
};
