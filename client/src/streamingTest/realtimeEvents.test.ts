import { describe, expect, it } from 'vitest';
import { chunkContentType, readRealtimeEvent } from './realtimeEvents.ts';

describe('the streaming test page reads its event stream', () => {
  it('reads text, as a final unless the server says partial', () => {
    expect(readRealtimeEvent('{"text":"And so"}')).toEqual({ kind: 'text', event: { type: 'final', text: 'And so' } });
    expect(readRealtimeEvent('{"text":"And","type":"partial"}')).toEqual({ kind: 'text', event: { type: 'partial', text: 'And' } });
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
