import { describe, expect, it } from 'vitest';
import { readRecordingRequest, recordingLink } from './recordingLink.ts';

const read = (link: string) => readRecordingRequest(new URL(link, 'http://saaga.test').searchParams);

describe('recordingLink', () => {
  it('opens the recorder for a story and reads back', () => {
    expect(recordingLink({ storyId: 12 })).toBe('/record?storyId=12');
    expect(read(recordingLink({ storyId: 12 }))).toEqual({ storyId: 12, promptQuestion: null, questionId: null, aboutPhotoId: null });
  });

  it('carries an interviewer question', () => {
    const link = recordingLink({ promptQuestion: 'Where did you grow up?', questionId: 'childhood-1' });
    expect(read(link)).toEqual({ storyId: null, promptQuestion: 'Where did you grow up?', questionId: 'childhood-1', aboutPhotoId: null });
  });

  it('is the plain recorder without a request, and ignores a bad story id', () => {
    expect(recordingLink()).toBe('/record');
    expect(read('/record')).toEqual({ storyId: null, promptQuestion: null, questionId: null, aboutPhotoId: null });
    expect(read('/record?storyId=abc').storyId).toBeNull();
  });

  it('carries the photo to tell about, as /record?aboutPhoto={id}, and ignores one that is not an id', () => {
    expect(recordingLink({ aboutPhotoId: 7 })).toBe('/record?aboutPhoto=7');
    expect(read('/record?aboutPhoto=7').aboutPhotoId).toBe(7);
    expect(read('/record?aboutPhoto=x').aboutPhotoId).toBeNull();
    expect(read('/record?aboutPhoto=-2').aboutPhotoId).toBeNull();
  });
});
