import { describe, expect, it } from 'vitest';
import { chooseRecordingFormat } from './format.ts';

describe('chooseRecordingFormat', () => {
  it('takes webm opus at 64 kbps when the browser has it', () => {
    expect(chooseRecordingFormat(() => true)).toEqual({ mimeType: 'audio/webm;codecs=opus', bitsPerSecond: 64000 });
  });

  it('falls back in the preferred order', () => {
    const safari = (type: string) => type.startsWith('audio/mp4');
    expect(chooseRecordingFormat(safari)).toEqual({ mimeType: 'audio/mp4;codecs=mp4a.40.2', bitsPerSecond: 128000 });
    expect(chooseRecordingFormat((type) => type === 'audio/wav')?.bitsPerSecond).toBe(256000);
  });

  it('is null when none is supported', () => {
    expect(chooseRecordingFormat(() => false)).toBeNull();
  });
});
