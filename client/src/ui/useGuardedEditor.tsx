import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DraftOffer } from './DraftOffer.tsx';
import { clearDraft, deviceStore, readDraft, writeDraft, type EditorDraft } from './editorDrafts.ts';
import { EditorLeaveGuard } from './EditorLeaveGuard.tsx';
import { registerEditor, useLeadingEditor } from './editorGuards.ts';

export interface GuardedEditorOptions<T> {
  /** The signed-in user whose draft it is (another user on this browser never sees it); null: none is kept. */
  ownerId: string | null;
  /** What is edited, unique for the user (e.g. `story:12:content`); the draft's key on this device. */
  draftKey: string;
  /** What the editor holds now (kept on the device while it is a change), or null when closed. */
  value: T | null;
  /** The editor holds a change the server does not have. */
  dirty: boolean;
  /** Saves that change; false when it could not be saved (the editor says why). */
  save: () => Promise<boolean>;
  /** Throws the change away and closes the editor. */
  discard: () => void;
  /** Opens the editor with a draft kept from before (a reload, a closed tab). */
  restore: (value: T) => void;
  /** Leaving the page saves the change by itself (an autosaving form that can save it now): no question. */
  leavesFreely?: boolean;
  /** A kept draft that equals what the server has is no longer a change: not offered. */
  isStored?: (value: T) => boolean;
}

/**
 * Guards a text editor as the recorder guards a take: while it holds an unsaved change,
 * every way out of the page asks (Save, Discard, Stay), a reload or a closed tab gets the
 * browser's question, and the text is kept on the device; on the next visit it is offered
 * back ("You have unsaved changes from <time>": Restore, Discard). Saving or discarding
 * removes the kept copy. Render `guard` always and `offer` where the editor is.
 */
export function useGuardedEditor<T>(options: GuardedEditorOptions<T>): { guard: ReactNode; offer: ReactNode } {
  const { draftKey, value, dirty } = options;
  const id = useId();
  const userId = options.ownerId;
  const latest = useRef(options);
  latest.current = options;

  useEffect(
    () =>
      registerEditor({
        id,
        isDirty: () => latest.current.dirty,
        leavesFreely: () => latest.current.leavesFreely ?? false,
        save: () => latest.current.save(),
        discard: () => latest.current.discard(),
      }),
    [id],
  );
  const leading = useLeadingEditor() === id;

  // A draft left from before, offered until the person chooses.
  const [kept, setKept] = useState<EditorDraft<T> | null>(null);
  useEffect(() => {
    if (!userId) return;
    const found = readDraft<T>(deviceStore(), userId, draftKey);
    if (found && latest.current.isStored?.(found.value)) clearDraft(deviceStore(), userId, draftKey);
    else setKept(found);
  }, [userId, draftKey]);

  // The change is kept on the device while there is one; saved or discarded, it goes.
  const wasDirty = useRef(false);
  useEffect(() => {
    if (!userId) return;
    if (dirty && value !== null) writeDraft(deviceStore(), userId, draftKey, value, Date.now());
    else if (wasDirty.current) clearDraft(deviceStore(), userId, draftKey);
    wasDirty.current = dirty;
  }, [userId, draftKey, dirty, value]);

  const offer =
    kept ? (
      <DraftOffer
        savedAt={kept.savedAt}
        onRestore={() => {
          setKept(null);
          latest.current.restore(kept.value);
        }}
        onDiscard={() => {
          setKept(null);
          if (userId) clearDraft(deviceStore(), userId, draftKey);
        }}
      />
    ) : null;

  return { guard: leading ? <EditorLeaveGuard /> : null, offer };
}
