import { describe, expect, it } from 'vitest';
import { isKeptRead, isRecordingAudio } from './readRules.ts';

const at = (address: string) => new URL(address, 'https://saaga.example');

describe('the reads kept for reading offline', () => {
  it('keeps the library, a story, a chapter and what their pages read', () => {
    for (const address of [
      '/api/stories?filter=all',
      '/api/stories/counts',
      '/api/stories/12',
      '/api/stories/12/with-recordings',
      '/api/stories/12/photos',
      '/api/recordings/7/photos',
      '/api/chapters',
      '/api/chapters/3/stories',
      '/api/recordings/7',
      '/api/people?language=fi',
      '/api/timeline?language=en',
      '/api/photos/4?size=display',
    ]) {
      expect(isKeptRead(at(address)), address).toBe(true);
    }
  });

  it('keeps no audio, no download, no session and nothing else', () => {
    for (const address of [
      '/api/recordings/7/audio',
      '/api/stories/12/voice',
      '/api/photos/4?size=original',
      '/api/photos/4',
      '/api/auth/user',
      '/api/account/exports',
      '/api/search?q=lake',
      '/api/storiesx',
      '/library',
    ]) {
      expect(isKeptRead(at(address)), address).toBe(false);
    }
  });

  it('knows a recording’s audio', () => {
    expect(isRecordingAudio(at('/api/recordings/7/audio'))).toBe(true);
    expect(isRecordingAudio(at('/api/recordings/7'))).toBe(false);
  });
});
