/** What a key does in the listening editor. */
export type ListeningKey = 'toggle' | 'back' | 'nextSentence';

/** The part of a key event the rule reads (a DOM KeyboardEvent has it). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** How far J goes back, in seconds. */
export const BACK_SECONDS = 5;

/**
 * The desktop keys (Space or K play/pause, J back 5 s, L next sentence), as in video players;
 * none while the focus is in a text field (the person is typing), none with a modifier (the
 * browser's own shortcuts), none in a dialog, and Space left to a focused button or link, which it presses.
 */
export function listeningKey(press: KeyPress): ListeningKey | null {
  if (press.ctrlKey || press.metaKey || press.altKey || isTextField(press.target) || inDialog(press.target)) return null;
  switch (press.key) {
    case ' ':
      return pressesItself(press.target) ? null : 'toggle';
    case 'k':
    case 'K':
      return 'toggle';
    case 'j':
    case 'J':
      return 'back';
    case 'l':
    case 'L':
      return 'nextSentence';
    default:
      return null;
  }
}

interface ElementLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

/** A dialog over the page (a question, a confirmation) has the keys to itself. */
function inDialog(target: EventTarget | null): boolean {
  return Boolean((target as ElementLike | null)?.closest?.('dialog, [role="dialog"], [role="alertdialog"]'));
}

const NOT_TYPED = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color', 'image']);

function isTextField(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  if (!element?.tagName) return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || element.isContentEditable) return true;
  return tag === 'input' && !NOT_TYPED.has((element.type ?? 'text').toLowerCase());
}

function pressesItself(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  const tag = element?.tagName?.toLowerCase();
  return tag === 'button' || tag === 'a' || tag === 'summary' || tag === 'input';
}
