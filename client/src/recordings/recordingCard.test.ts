import { describe, expect, it } from 'vitest';
import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import { isRecordingPending, toRecordingSummary } from './recordingCard.ts';

const recording: RecordingWithLinksDto = {
  id: 3,
  storyId: 1,
  transcription: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen',
  duration: 11,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  filename: 'recording.webm',
  mimeType: 'audio/webm',
  processingStatus: 'transcribed',
  transcriptionError: null,
  detectedLanguage: 'en',
  promptQuestion: null,
  questionId: null,
  orderIndex: 0,
  temporalType: null,
  specificDate: null,
  month: null,
  year: null,
  endYear: null,
  contributorName: null,
  familyReply: false,
  transcriptionEditedByHand: false,
  people: [],
  places: [],
  story: { id: 1, title: 'Summer' },
  linkedQuestion: null,
  wordCount: 16,
};

describe('toRecordingSummary', () => {
  it('keeps the first 15 words instead of the transcription', () => {
    const summary = toRecordingSummary(recording);
    expect(summary.preview).toBe('one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen…');
    expect('transcription' in summary).toBe(false);
    expect(summary.wordCount).toBe(16);
  });

  it('has no preview without text', () => {
    expect(toRecordingSummary({ ...recording, transcription: null }).preview).toBeNull();
    expect(toRecordingSummary({ ...recording, transcription: '  ' }).preview).toBeNull();
  });
});

describe('isRecordingPending', () => {
  it('is pending while uploaded or transcribing', () => {
    expect(isRecordingPending({ processingStatus: 'uploaded' })).toBe(true);
    expect(isRecordingPending({ processingStatus: 'transcribing' })).toBe(true);
    expect(isRecordingPending({ processingStatus: 'transcribed' })).toBe(false);
    expect(isRecordingPending({ processingStatus: 'failed' })).toBe(false);
  });
});
