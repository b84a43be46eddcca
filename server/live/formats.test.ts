import { describe, expect, it } from 'vitest';
import { liveFormat } from './formats.ts';

describe('liveFormat', () => {
  it('reads MIME types and container names, and nothing else', () => {
    expect(liveFormat('audio/webm;codecs=opus')).toBe('webm');
    expect(liveFormat('webm')).toBe('webm');
    expect(liveFormat('audio/ogg; codecs=opus')).toBe('ogg');
    expect(liveFormat('audio/mp4')).toBe('mp4');
    expect(liveFormat('audio/wav')).toBeUndefined();
    expect(liveFormat('hls')).toBeUndefined();
    expect(liveFormat('')).toBeUndefined();
  });
});
