import { useSyncExternalStore } from 'react';

/**
 * The text editors open on this page, in the order they opened: every way out of the page
 * asks while one of them holds a change that is not saved (ui/EditorLeaveGuard.tsx). A
 * router holds one blocker at a time, so the first editor's guard speaks for all of them.
 */
export interface GuardedEditor {
  id: string;
  /** A change the server does not have. */
  isDirty: () => boolean;
  /** Leaving saves that change by itself (an autosaving form): the page is left without a question. */
  leavesFreely: () => boolean;
  /** Saves the change; false when it could not be saved (the editor said why). */
  save: () => Promise<boolean>;
  /** Throws the change away (the person chose to). */
  discard: () => void;
}

const editors = new Map<string, GuardedEditor>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Adds an editor; the returned function removes it. */
export function registerEditor(editor: GuardedEditor): () => void {
  editors.set(editor.id, editor);
  changed();
  return () => {
    editors.delete(editor.id);
    changed();
  };
}

/** The editors holding an unsaved change. */
export function dirtyEditors(): GuardedEditor[] {
  return [...editors.values()].filter((editor) => editor.isDirty());
}

export const anyDirty = () => dirtyEditors().length > 0;

/** Leaving the page now would lose a change unless the person chooses. */
export const leavingAsks = () => dirtyEditors().some((editor) => !editor.leavesFreely());

const leader = () => editors.keys().next().value;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The editor whose guard speaks for the page (the first one open). */
export function useLeadingEditor(): string | undefined {
  return useSyncExternalStore(subscribe, leader, leader);
}
