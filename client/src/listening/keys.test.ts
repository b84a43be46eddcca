import { describe, expect, it } from 'vitest';
import { listeningKey, type KeyPress } from './keys.ts';

const on = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, ...extra }) as unknown as EventTarget;
const press = (key: string, target: EventTarget | null = on('BODY'), modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...modifiers,
});

describe('listeningKey', () => {
  it('plays or pauses with Space or K, goes back with J and on with L', () => {
    expect(listeningKey(press(' '))).toBe('toggle');
    expect(listeningKey(press('k'))).toBe('toggle');
    expect(listeningKey(press('K'))).toBe('toggle');
    expect(listeningKey(press('j'))).toBe('back');
    expect(listeningKey(press('l'))).toBe('nextSentence');
    expect(listeningKey(press('x'))).toBeNull();
  });

  it('leaves every key to a text field being typed in', () => {
    for (const target of [on('INPUT', { type: 'text' }), on('TEXTAREA'), on('SELECT'), on('DIV', { isContentEditable: true })]) {
      expect(listeningKey(press('k', target))).toBeNull();
      expect(listeningKey(press(' ', target))).toBeNull();
    }
  });

  it('leaves Space to a focused button or link, but K still plays', () => {
    expect(listeningKey(press(' ', on('BUTTON')))).toBeNull();
    expect(listeningKey(press(' ', on('A')))).toBeNull();
    expect(listeningKey(press('k', on('BUTTON')))).toBe('toggle');
    expect(listeningKey(press('l', on('INPUT', { type: 'range' })))).toBe('nextSentence');
  });

  it('leaves every key to a dialog over the page', () => {
    const inDialog = on('BUTTON', { closest: (selector: string) => (selector.includes('alertdialog') ? {} : null) });
    expect(listeningKey(press('k', inDialog))).toBeNull();
  });

  it('leaves the browser’s shortcuts alone', () => {
    expect(listeningKey(press('l', on('BODY'), { ctrlKey: true }))).toBeNull();
    expect(listeningKey(press('k', on('BODY'), { metaKey: true }))).toBeNull();
  });
});
