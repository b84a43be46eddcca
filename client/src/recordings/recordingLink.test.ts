import { describe, expect, it } from 'vitest';
import { readRecordingRequest, recordingLink } from './recordingLink.ts';

const read = (link: string) => readRecordingRequest(new URL(link, 'http://saaga.test').searchParams);

describe('recordingLink', () => {
  it('opens the recording screen for a story and reads back', () => {
    expect(recordingLink({ storyId: 12 })).toBe('/?record=1&storyId=12');
    expect(read(recordingLink({ storyId: 12 }))).toEqual({ storyId: 12, promptQuestion: null, questionId: null });
  });

  it('carries an interviewer question', () => {
    const link = recordingLink({ promptQuestion: 'Where did you grow up?', questionId: 'childhood-1' });
    expect(read(link)).toEqual({ storyId: null, promptQuestion: 'Where did you grow up?', questionId: 'childhood-1' });
  });

  it('reads nothing without the record parameter, and ignores a bad story id', () => {
    expect(read('/')).toBeNull();
    expect(read('/?record=1&storyId=abc')?.storyId).toBeNull();
  });
});
