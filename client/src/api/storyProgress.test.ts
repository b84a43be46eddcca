import { describe, expect, it } from 'vitest';
import { hasRealContent, hasRealTitle, isStoryWritten, storyDisplay } from './storyProgress.ts';

const placeholder = { title: 'Processing...', content: 'Your story is being generated...', processingStatus: 'processing' };

describe('storyDisplay', () => {
  it('shows the generating screen while processing without content', () => {
    expect(storyDisplay(placeholder)).toBe('generating');
    expect(storyDisplay({ title: '', content: '', processingStatus: 'processing' })).toBe('generating');
  });

  it('shows skeleton text while processing with content', () => {
    expect(storyDisplay({ title: 'Summer', content: 'We swam.', processingStatus: 'processing' })).toBe('rewriting');
  });

  it('treats the placeholders as not generated whatever the status', () => {
    expect(storyDisplay({ ...placeholder, processingStatus: 'generated' })).toBe('generating');
  });

  it('shows generated and draft stories', () => {
    expect(storyDisplay({ title: 'Summer', content: 'We swam.', processingStatus: 'generated' })).toBe('ready');
    expect(storyDisplay({ title: 'We swam', content: 'We swam.', processingStatus: 'draft' })).toBe('ready');
    expect(isStoryWritten({ title: 'Summer', content: 'We swam.', processingStatus: 'generated' })).toBe(true);
    expect(isStoryWritten(placeholder)).toBe(false);
  });
});

describe('hasRealTitle and hasRealContent', () => {
  it('reject empty text and the placeholders', () => {
    expect(hasRealTitle({ title: ' Processing... ' })).toBe(false);
    expect(hasRealTitle({ title: '' })).toBe(false);
    expect(hasRealTitle({ title: 'Summer' })).toBe(true);
    expect(hasRealContent({ content: 'Your story is being generated...' })).toBe(false);
    expect(hasRealContent({ content: 'We swam.' })).toBe(true);
  });
});
