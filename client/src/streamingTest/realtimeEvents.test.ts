import { describe, expect, it } from 'vitest';
import { chunkContentType, readRealtimeEvent } from './realtimeEvents.ts';

describe('the streaming test page reads its event stream', () => {
  it('reads the text heard so far', () => {
    expect(readRealtimeEvent('{"text":"And so my fellow"}')).toEqual({ kind: 'text', text: 'And so my fellow' });
    expect(readRealtimeEvent('data')).toEqual({ kind: 'ignored' });
  });

  it('reads an error, and ignores anything else', () => {
    expect(readRealtimeEvent('{"error":"Transcription failed"}')).toEqual({ kind: 'error', message: 'Transcription failed' });
    expect(readRealtimeEvent('not json')).toEqual({ kind: 'ignored' });
    expect(readRealtimeEvent('{"words":1}')).toEqual({ kind: 'ignored' });
  });

  it('sends each chunk with its container type, without codec parameters', () => {
    expect(chunkContentType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(chunkContentType('audio/mp4')).toBe('audio/mp4');
    expect(chunkContentType('')).toBe('application/octet-stream');
  });
});
