import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { anyDirty, dirtyEditors, leavingAsks } from './editorGuards.ts';
import { EditorLeaveDialog, type EditorLeaveChoice } from './EditorLeaveDialog.tsx';

const samePage = (a: { pathname: string; search: string }, b: { pathname: string; search: string }) =>
  `${a.pathname}${a.search}` === `${b.pathname}${b.search}`;

/**
 * Every way out of a page with unsaved typed text, as the recorder guards a take: a link,
 * the bottom bar or the browser's Back are held and the person chooses Save, Discard or
 * Stay; a reload or a closed tab gets the browser's own "Leave site?" question (and the
 * draft stays on the device). Rendered once per page, by its first editor.
 */
export function EditorLeaveGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => leavingAsks() && !samePage(currentLocation, nextLocation));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      // Older browsers show the question only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const choose = async (choice: EditorLeaveChoice) => {
    if (blocker.state !== 'blocked') return;
    if (choice === 'stay') return blocker.reset();
    const editors = dirtyEditors();
    if (choice === 'discard') {
      editors.forEach((editor) => editor.discard());
      return blocker.proceed();
    }
    setSaving(true);
    const saved = await Promise.all(editors.map((editor) => editor.save()));
    setSaving(false);
    // Anything not saved keeps the person here, with their text (the editor said why).
    if (saved.every(Boolean)) blocker.proceed();
    else blocker.reset();
  };

  return <EditorLeaveDialog open={blocker.state === 'blocked'} purpose="leave" saving={saving} onChoose={(choice) => void choose(choice)} />;
}
