import { describe, expect, it } from 'vitest';
import { backFromState, backState, backTarget, TOP_LEVEL_PATHS } from './backTarget.ts';

describe('backTarget', () => {
  it('leads home from every top-level page', () => {
    for (const path of TOP_LEVEL_PATHS) expect(backTarget(path)).toBe('/');
  });

  it('drops the last segment of a deeper path', () => {
    expect(backTarget('/library/story/12')).toBe('/library/story');
    expect(backTarget('/people/3')).toBe('/people');
    expect(backTarget('/admin/settings')).toBe('/admin');
  });

  it('keeps the root at the root', () => {
    expect(backTarget('/')).toBe('/');
    expect(backTarget('')).toBe('/');
  });

  it('ignores a trailing slash', () => {
    expect(backTarget('/settings/')).toBe('/');
    expect(backTarget('/people/3/')).toBe('/people');
  });

  it('leads home from a single-segment page that is not top level', () => {
    expect(backTarget('/unknown')).toBe('/');
  });
});

describe('backFromState', () => {
  it('gives back the page a link passed on', () => {
    expect(backFromState(backState('/people/3'))).toBe('/people/3');
  });

  it('takes only a path of this app', () => {
    expect(backFromState(null)).toBeUndefined();
    expect(backFromState({ back: 'https://example.com/' })).toBeUndefined();
    expect(backFromState({ back: '//example.com/' })).toBeUndefined();
    expect(backFromState({ back: 3 })).toBeUndefined();
  });
});
