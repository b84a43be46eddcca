import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILY_MEMBER_NAME_MAX } from '../../../../contract/family.ts';
import { useUpdateFamilyMe } from '../../api/familyMe.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { Button } from '../../ui/Button.tsx';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../../ui/EditorLeaveDialog.tsx';
import { Field } from '../../ui/Input.tsx';
import { toast } from '../../ui/toastStore.ts';
import { useGuardedEditor } from '../../ui/useGuardedEditor.tsx';

interface ReaderNameFieldProps {
  circle: number;
  /** The name saved in this circle. */
  name: string;
  /** Who reads on this device, whose draft it is. */
  reader: string;
}

/** The reader's name in one circle (what the storyteller and the family see on comments), guarded like every editor (decision 032). */
export function ReaderNameField({ circle, name, reader }: ReaderNameFieldProps) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const update = useUpdateFamilyMe();
  const [draft, setDraft] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const shown = draft ?? name;
  const changed = draft !== null && draft.trim() !== name;
  const valid = shown.trim() !== '';

  const save = async (): Promise<boolean> => {
    if (!changed) return true;
    if (!valid) {
      toast({ title: t('settings.nameRequired'), variant: 'destructive' });
      return false;
    }
    try {
      await update.mutateAsync({ circle, patch: { name: shown.trim() } });
      setDraft(null);
      toast({ title: t('settings.nameSaved') });
      return true;
    } catch (error) {
      toast({ title: t('settings.saveFailed'), description: errorText(error, { orServerMessage: true }), variant: 'destructive' });
      return false;
    }
  };
  const { guard, offer } = useGuardedEditor({
    ownerId: reader,
    draftKey: `family:circle:${circle}:name`,
    value: draft,
    dirty: changed,
    save,
    discard: () => setDraft(null),
    restore: setDraft,
    isStored: (kept) => kept.trim() === name,
  });

  // Cancel with a typed name asks as leaving does: Save, Discard, or keep editing.
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save') await save();
    else if (choice === 'discard') setDraft(null);
    setAsking(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      {guard}
      {offer}
      <Field
        label={t('settings.name')}
        hint={t('settings.nameHint')}
        value={shown}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={FAMILY_MEMBER_NAME_MAX}
        autoComplete="name"
        error={changed && !valid ? t('settings.nameRequired') : undefined}
      />
      {changed && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!valid || update.isPending}>
            {update.isPending ? t('settings.saving') : t('settings.save')}
          </Button>
          <Button variant="ghost" onClick={() => setAsking(true)} disabled={update.isPending}>
            {t('settings.cancel')}
          </Button>
        </div>
      )}
      <EditorLeaveDialog open={asking} purpose="cancel" saving={update.isPending} onChoose={(choice) => void answer(choice)} />
    </form>
  );
}
