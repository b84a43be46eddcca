import { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button, focusRing } from './Button.tsx';
import { toast } from './toastStore.ts';
import { isSavableEdit } from './savableEdit.ts';

interface EditableTextProps {
  /** The text as stored; editing starts from it. */
  text: string | null;
  /** The text box's accessible name, e.g. "Transcription" or "Story text". */
  label: string;
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
 * (a non-empty change only) and Cancel; Escape cancels, a saved edit closes the box.
 */
export function EditableText(props: EditableTextProps) {
  const { text, label, save, saving, large } = props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();

  if (draft === null) return props.children(() => setDraft(text ?? ''));

  const submit = () =>
    save(draft.trim(), {
      onSuccess: () => {
        setDraft(null);
        toast({ title: props.savedMessage });
      },
      onError: () => toast({ title: props.saveFailedMessage, variant: 'destructive' }),
    });
  const [minRows, maxRows] = large ? [8, 24] : [4, 20];

  return (
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
          if (event.key === 'Escape') setDraft(null);
        }}
        className={clsx(
          'w-full rounded-lg border border-stone-600 bg-stone-950 p-3 leading-relaxed text-stone-50',
          large && 'text-lg',
          focusRing,
        )}
      />
      <div className="flex gap-2">
        <Button onClick={submit} disabled={!isSavableEdit(draft, text) || saving}>
          {saving ? props.savingLabel : t('actions.save')}
        </Button>
        <Button variant="ghost" onClick={() => setDraft(null)} disabled={saving}>
          {t('actions.cancel')}
        </Button>
      </div>
    </div>
  );
}
