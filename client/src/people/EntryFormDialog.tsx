import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/currentUser.ts';
import { useDeleteEntry, useLinkLabels, useSaveEntry, type EntryKind, type PersonBody, type PlaceBody } from '../api/people.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../ui/EditorLeaveDialog.tsx';
import { ModalDialog } from '../ui/ModalDialog.tsx';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { canSave } from './entryForms.ts';
import { useEntryToasts } from './useEntryToasts.ts';

interface EntryFormDialogProps<Values> {
  kind: EntryKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record being edited; none to create one. */
  editing: { id: number; name: string } | null;
  /** The form's starting values, taken each time it opens. */
  initial: Values;
  name: (values: Values) => string;
  body: (values: Values) => PersonBody | PlaceBody;
  fields: (values: Values, change: (patch: Partial<Values>) => void) => ReactNode;
  /** A group of unlinked labels the new record is created from: all of them are tied to it. */
  labels?: string[];
}

/**
 * The add/edit modal of a person or place (spec 4, people/places modals): POST creates with
 * the user's id, PATCH updates from the list; delete only when editing; closes on success.
 * What was typed is never dropped unasked: closing the modal or leaving the page with a
 * change asks (Save, Discard, Stay), and a reload offers the change back on the next opening.
 */
export function EntryFormDialog<Values>({ kind, open, onOpenChange, editing, initial, name, body, fields, labels }: EntryFormDialogProps<Values>) {
  const { t } = useTranslation('people');
  const user = useCurrentUser().data;
  const save = useSaveEntry(kind);
  const remove = useDeleteEntry(kind);
  const link = useLinkLabels(kind);
  const toasts = useEntryToasts(kind);
  const [values, setValues] = useState(initial);
  // What the form started from at this opening: a change is anything else.
  const [opened, setOpened] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);

  // Each opening starts from the record (or the label) it was opened for; `initial` is a new
  // object every render, so only the opening itself resets the form.
  useEffect(() => {
    if (!open) return;
    setValues(initial);
    setOpened(initial);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const savable = canSave(name(values), save.isPending) && !!user;
  const dirty = open && JSON.stringify(values) !== JSON.stringify(opened);

  /** Saves the form; false when it was not saved (the toast says why). */
  const send = () =>
    new Promise<boolean>((resolve) => {
      if (!savable || !user) return resolve(false);
      const outcome = editing ? 'updated' : 'created';
      save.mutate(
        { call: editing ? { method: 'PATCH', id: editing.id } : { method: 'POST' }, body: { ...body(values), userId: user.id } },
        {
          onSuccess: (created) => {
            toasts.succeeded(outcome);
            setOpened(values);
            onOpenChange(false);
            resolve(true);
            // The group's other spellings (Anna, Annan) belong to the new record too.
            const id = (created as { id?: unknown } | undefined)?.id;
            if (!editing && labels?.length && typeof id === 'number') {
              link.mutate({ id, labels }, { onError: (error) => toasts.linkFailed(error) });
            }
          },
          onError: (error) => {
            toasts.failed(outcome, error);
            resolve(false);
          },
        },
      );
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const discard = () => {
    setValues(opened);
    onOpenChange(false);
  };
  const { guard, offer } = useGuardedEditor({
    ownerId: user?.id ?? null,
    draftKey: `${kind}:${editing?.id ?? 'new'}`,
    value: open ? values : null,
    dirty,
    save: send,
    discard,
    restore: setValues,
  });

  /** The close button, Escape, a tap outside or Cancel: a change is not dropped unasked. */
  const close = () => (dirty ? setAsking(true) : onOpenChange(false));
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save') await send();
    else if (choice === 'discard') discard();
    setAsking(false);
  };
  const confirmDelete = () => {
    if (!editing) return;
    remove.mutate(editing.id, {
      onSuccess: () => {
        toasts.succeeded('deleted');
        setConfirming(false);
        onOpenChange(false);
      },
      onError: (error) => toasts.failed('deleted', error),
    });
  };

  const title = kind === 'person' ? (editing ? t('form.editPerson') : t('form.addPerson')) : editing ? t('form.editPlace') : t('form.addPlace');
  return (
    <>
      {guard}
      <ModalDialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={title}>
        <form onSubmit={submit} className="grid gap-4">
          {offer}
          {fields(values, (patch) => setValues((current) => ({ ...current, ...patch })))}
          <div className="flex flex-wrap items-center justify-end gap-3 pt-2">
            {editing && (
              <Button variant="destructive" className="mr-auto" onClick={() => setConfirming(true)} disabled={save.isPending}>
                {t('form.delete')}
              </Button>
            )}
            <Button variant="secondary" onClick={close}>
              {t('detail.cancel')}
            </Button>
            <Button type="submit" disabled={!savable}>
              {save.isPending ? t('form.saving') : t('form.save')}
            </Button>
          </div>
        </form>
      </ModalDialog>
      <EditorLeaveDialog open={asking} purpose="cancel" saving={save.isPending} onChoose={(choice) => void answer(choice)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('detail.deleteTitle', { name: editing?.name ?? '' })}
        description={t('detail.deleteText')}
        confirmLabel={kind === 'person' ? t('detail.deletePerson') : t('detail.deletePlace')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </>
  );
}
