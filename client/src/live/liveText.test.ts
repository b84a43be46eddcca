import { describe, expect, it } from 'vitest';
import { EMPTY_LIVE_TEXT, hasLiveText, nextLiveText, type LiveText, type LiveTextEvent } from './liveText.ts';

function run(...events: LiveTextEvent[]): LiveText {
  return events.reduce(nextLiveText, EMPTY_LIVE_TEXT);
}

describe('live text (spec: partial in progress, finals appended unless contained)', () => {
  it('shows a partial as the text in progress, each replacing the last', () => {
    expect(run({ type: 'partial', text: 'And so' }, { type: 'partial', text: 'And so my fellow' })).toEqual({
      finalText: '',
      partial: 'And so my fellow',
      finals: [],
    });
  });

  it('appends a final and clears the text in progress', () => {
    const state = run(
      { type: 'final', text: 'And so my fellow Americans,' },
      { type: 'partial', text: 'ask not' },
      { type: 'final', text: 'ask not what your country can do for you' },
    );
    expect(state).toMatchObject({ finalText: 'And so my fellow Americans, ask not what your country can do for you', partial: '' });
  });

  it('does not append a final the finished text already contains, but still clears the partial', () => {
    const state = run(
      { type: 'final', text: 'And so my fellow Americans, ask not' },
      { type: 'partial', text: 'ask' },
      { type: 'final', text: '  my  fellow americans,' },
    );
    expect(state).toEqual({ finalText: 'And so my fellow Americans, ask not', partial: '', finals: [{ text: 'And so my fellow Americans, ask not' }] });
  });

  it('ignores an empty final and collapses the spacing of others', () => {
    const state = run({ type: 'final', text: '  ' }, { type: 'final', text: ' Hello\n  world ' });
    expect(state.finalText).toBe('Hello world');
  });

  it('keeps each final appended with where in the take it was said, when the engine said', () => {
    const state = run(
      { type: 'final', text: 'And so my fellow Americans,', start: 0.3, end: 2.6 },
      { type: 'final', text: 'my fellow Americans', start: 1, end: 2 }, // contained: not a new final
      { type: 'final', text: 'ask not', start: 3.1, end: 4 },
      { type: 'final', text: 'what your country can do' }, // an engine with no times
    );
    expect(state.finals).toEqual([
      { text: 'And so my fellow Americans,', start: 0.3, end: 2.6 },
      { text: 'ask not', start: 3.1, end: 4 },
      { text: 'what your country can do' },
    ]);
  });

  it('starts over on reset', () => {
    const state = run({ type: 'final', text: 'Hello' }, { type: 'partial', text: 'there' }, { type: 'reset' });
    expect(state).toEqual(EMPTY_LIVE_TEXT);
    expect(hasLiveText(state)).toBe(false);
    expect(hasLiveText(run({ type: 'partial', text: 'a' }))).toBe(true);
  });
});
