import { describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS, maxUncompressedBytes } from './bounds.ts';
import { isInside } from './zip-reader.ts';

describe('a name inside the archive', () => {
  it.each(['archive.json', 'data/stories.json', 'recordings/2024-05-01 Kesä mökillä.webm', 'site/', 'a..b/c'])('takes %s', (name) => {
    expect(isInside(name)).toBe(true);
  });

  it.each(['../x', '/etc/passwd', 'a/../../x', 'a/..', '..\\x', 'a\\b', 'C:/Windows/x', 'c:x', './x', 'a/./b', '', 'a\u0000b'])('refuses %j', (name) => {
    expect(isInside(name)).toBe(false);
  });
});

describe('the bound on what an archive may inflate to', () => {
  const GB = 1024 * 1024 * 1024;
  it('is a hundred times the archive, at least 16 MB', () => {
    expect(maxUncompressedBytes(DEFAULT_BOUNDS, 10_000, 2 * GB)).toBe(16 * 1024 * 1024);
    expect(maxUncompressedBytes(DEFAULT_BOUNDS, 1024 * 1024, 2 * GB)).toBe(100 * 1024 * 1024);
  });

  it('never more than the account can hold in audio, with room for the text', () => {
    expect(maxUncompressedBytes(DEFAULT_BOUNDS, 1 * GB, 2 * GB)).toBe(6 * GB);
  });
});
