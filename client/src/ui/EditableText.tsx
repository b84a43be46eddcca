import { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button, focusRing } from './Button.tsx';
import { toast } from './toastStore.ts';
import { isSavableEdit } from './savableEdit.ts';
import { EditorLeaveDialog, type EditorLeaveChoice } from './EditorLeaveDialog.tsx';
import { useGuardedEditor } from './useGuardedEditor.tsx';

interface EditableTextProps {
  /** The text as stored; editing starts from it. */
  text: string | null;
  /** The text box's accessible name, e.g. "Transcription" or "Story text". */
  label: string;
  /** What is edited, unique for the user (e.g. `story:12:content`): where an unsaved change is kept on the device. */
  draftKey: string;
  /** The signed-in user, whose unsaved change is kept (none is kept without one). */
  ownerId: string | null;
  /** Saves the trimmed text and calls back as a mutation does. */
  save: (text: string, done: { onSuccess: () => void; onError: () => void }) => void;
  /** A save is out: Save and Cancel wait. */
  saving: boolean;
  savingLabel: string;
  savedMessage: string;
  saveFailedMessage: string;
  /** The story's reading size: larger type and a taller box. */
  large?: boolean;
  /** The text to read, with its ways into editing; `edit` opens the box. */
  children: (edit: () => void) => ReactNode;
}

/**
 * Text edited in place (spec 5): the reading view until `edit`, then a text box with Save
 * (a non-empty change only) and Cancel; a saved edit closes the box. A change is never
 * dropped unasked: Cancel, Escape and every way out of the page ask (Save, Discard,
 * Stay), and a reload offers it back (useGuardedEditor).
 */
export function EditableText(props: EditableTextProps) {
  const { text, label, save, saving, large } = props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const fieldId = useId();
  const dirty = draft !== null && isSavableEdit(draft, text);

  /** Saves the draft; resolves false when it was not saved (the toast says why). */
  const submit = (toSave: string) =>
    new Promise<boolean>((resolve) =>
      save(toSave.trim(), {
        onSuccess: () => {
          setDraft(null);
          toast({ title: props.savedMessage });
          resolve(true);
        },
        onError: () => {
          toast({ title: props.saveFailedMessage, variant: 'destructive' });
          resolve(false);
        },
      }),
    );

  const { guard, offer } = useGuardedEditor({
    ownerId: props.ownerId,
    draftKey: props.draftKey,
    value: draft,
    dirty,
    save: () => (draft === null ? Promise.resolve(true) : submit(draft)),
    discard: () => setDraft(null),
    restore: setDraft,
    isStored: (kept) => !isSavableEdit(kept, text),
  });

  // The guard keeps its place in the tree whether the box is open or not.
  if (draft === null) {
    return (
      <>
        {guard}
        {offer}
        {props.children(() => setDraft(text ?? ''))}
      </>
    );
  }

  const cancel = () => (dirty ? setAsking(true) : setDraft(null));
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save') await submit(draft);
    else if (choice === 'discard') setDraft(null);
    setAsking(false);
  };
  const [minRows, maxRows] = large ? [8, 24] : [4, 20];

  return (
    <>
      {guard}
      {offer}
      <div className="grid gap-3">
        <label htmlFor={fieldId} className="text-sm font-medium text-stone-200">
          {label}
        </label>
        <textarea
          id={fieldId}
          value={draft}
          autoFocus
          rows={Math.max(minRows, Math.min(maxRows, draft.split('\n').length + 2))}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
          className={clsx(
            'w-full rounded-lg border border-stone-600 bg-stone-950 p-3 leading-relaxed text-stone-50',
            large && 'text-lg',
            focusRing,
          )}
        />
        <div className="flex gap-2">
          <Button onClick={() => void submit(draft)} disabled={!dirty || saving}>
            {saving ? props.savingLabel : t('actions.save')}
          </Button>
          <Button variant="ghost" onClick={cancel} disabled={saving}>
            {t('actions.cancel')}
          </Button>
        </div>
        <EditorLeaveDialog open={asking} purpose="cancel" saving={saving} onChoose={(choice) => void answer(choice)} />
      </div>
    </>
  );
}
