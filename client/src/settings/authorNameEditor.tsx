import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTHOR_NAME_MAX, type CurrentUser } from '../../../contract/auth.ts';
import { useSaveAuthorName } from '../api/currentUser.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button } from '../ui/Button.tsx';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../ui/EditorLeaveDialog.tsx';
import { Field } from '../ui/Input.tsx';
import { toast } from '../ui/toastStore.ts';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';

/** The words of the place the author name is edited in (Settings and the publish card say them their own way). */
export interface AuthorNameWords {
  label: string;
  hint?: string;
  saving: string;
  saved: string;
  saveFailed: string;
}

export interface AuthorNameEditor {
  /** The saved author name, trimmed; '' when none is set. */
  stored: string;
  /** The typed name while editing, else null. */
  draft: string | null;
  changed: boolean;
  pending: boolean;
  start(): void;
  type(next: string): void;
  /** Saves the name; false when it was not saved (the toast says why). */
  save(): Promise<boolean>;
  /** Cancel and Escape: asks Save, Discard or keep editing when a typed name would be lost. */
  cancel(): void;
  /** The guard of leaving, the offer of a draft kept from before and the Cancel question: render them once. */
  guards: ReactNode;
  offer: ReactNode;
}

/**
 * The author name edited in place, wherever it is shown: the same draft on the device
 * (`settings:authorName`), so a name typed on the publish card comes back in Settings after a
 * reload and the other way round, and every way out of a typed name asks first (decision 032).
 */
export function useAuthorNameEditor(
  user: CurrentUser | null | undefined,
  words: AuthorNameWords,
  onEditingChange?: (editing: boolean) => void,
): AuthorNameEditor {
  const saveName = useSaveAuthorName();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const stored = user?.authorName?.trim() ?? '';
  const changed = draft !== null && draft.trim() !== stored;
  const edit = (next: string | null) => {
    setDraft(next);
    onEditingChange?.(next !== null);
  };

  const save = () =>
    new Promise<boolean>((resolve) => {
      if (!changed) return resolve(true);
      saveName.mutate(draft.trim(), {
        onSuccess: () => {
          edit(null);
          toast({ title: words.saved });
          resolve(true);
        },
        onError: (error) => {
          // Spec 8.5 shows the server's message: its code's text in the interface language.
          toast({ title: words.saveFailed, description: errorText(error, { orServerMessage: true }), variant: 'destructive' });
          resolve(false);
        },
      });
    });
  const { guard, offer } = useGuardedEditor({
    ownerId: user?.id ?? null,
    draftKey: 'settings:authorName',
    value: draft,
    dirty: changed,
    save,
    discard: () => edit(null),
    restore: edit,
    isStored: (kept) => kept.trim() === stored,
  });
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save') await save();
    else if (choice === 'discard') edit(null);
    setAsking(false);
  };

  return {
    stored,
    draft,
    changed,
    pending: saveName.isPending,
    start: () => edit(stored),
    type: setDraft,
    save,
    cancel: () => (changed ? setAsking(true) : edit(null)),
    guards: (
      <>
        {guard}
        <EditorLeaveDialog open={asking} purpose="cancel" saving={saveName.isPending} onChoose={(choice) => void answer(choice)} />
      </>
    ),
    offer,
  };
}

/** The author name's field with Save and Cancel; Escape cancels as Cancel does. */
export function AuthorNameForm({ editor, words }: { editor: AuthorNameEditor; words: AuthorNameWords }) {
  const { t } = useTranslation('common');
  if (editor.draft === null) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void editor.save();
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      <Field
        label={words.label}
        hint={words.hint}
        value={editor.draft}
        onChange={(event) => editor.type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') editor.cancel();
        }}
        maxLength={AUTHOR_NAME_MAX}
        autoComplete="name"
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!editor.changed || editor.pending}>
          {editor.pending ? words.saving : t('actions.save')}
        </Button>
        <Button variant="ghost" onClick={editor.cancel} disabled={editor.pending}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
