import { describe, expect, it } from 'vitest';
import { recordingSupportProblems } from './recordingSupport.ts';

describe('recordingSupportProblems', () => {
  it('finds none in a browser that records', () => {
    expect(recordingSupportProblems({ hasGetUserMedia: true, hasMediaRecorder: true, isSecureContext: true })).toEqual([]);
  });

  it('names each missing piece', () => {
    expect(recordingSupportProblems({ hasGetUserMedia: false, hasMediaRecorder: false, isSecureContext: true })).toEqual([
      'no_microphone_access',
      'no_media_recorder',
    ]);
  });

  it('blames the insecure connection when the microphone is hidden by it', () => {
    expect(recordingSupportProblems({ hasGetUserMedia: false, hasMediaRecorder: true, isSecureContext: false })).toEqual([
      'insecure_context',
    ]);
  });
});
