import { describe, expect, it } from 'vitest';
import { readRecordingRequest, recordingLink } from './recordingLink.ts';

const read = (link: string) => readRecordingRequest(new URL(link, 'http://saaga.test').searchParams);

describe('recordingLink', () => {
  it('opens the recorder for a story and reads back', () => {
    expect(recordingLink({ storyId: 12 })).toBe('/record?storyId=12');
    expect(read(recordingLink({ storyId: 12 }))).toEqual({ storyId: 12, promptQuestion: null, questionId: null });
  });

  it('carries an interviewer question', () => {
    const link = recordingLink({ promptQuestion: 'Where did you grow up?', questionId: 'childhood-1' });
    expect(read(link)).toEqual({ storyId: null, promptQuestion: 'Where did you grow up?', questionId: 'childhood-1' });
  });

  it('is the plain recorder without a request, and ignores a bad story id', () => {
    expect(recordingLink()).toBe('/record');
    expect(read('/record')).toEqual({ storyId: null, promptQuestion: null, questionId: null });
    expect(read('/record?storyId=abc').storyId).toBeNull();
  });
});
