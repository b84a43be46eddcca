import { useState, type FormEvent } from 'react';
import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AUTHOR_NAME_MAX, type CurrentUser } from '../../../contract/auth.ts';
import { useSaveAuthorName } from '../api/currentUser.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Field } from '../ui/Input.tsx';
import { toast } from '../ui/toastStore.ts';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../ui/EditorLeaveDialog.tsx';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';

/** Author name card: the name on published stories, shown in quotes or "not set", edited in place. */
export function AuthorNameCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const save = useSaveAuthorName();
  const errorText = useErrorText();
  const stored = user.authorName ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const changed = editing && draft.trim() !== stored;

  const [asking, setAsking] = useState(false);

  /** Saves the name; false when it was not saved (the toast says why). */
  const send = () =>
    new Promise<boolean>((resolve) => {
      if (!changed) return resolve(true);
      save.mutate(draft.trim(), {
        onSuccess: () => {
          setDraft(null);
          toast({ title: t('authorName.saved') });
          resolve(true);
        },
        onError: (error) => {
          toast({
            title: t('authorName.saveFailed'),
            // Spec 8.5 shows the server's message: its code's text in the interface language.
            description: errorText(error, { orServerMessage: true }),
            variant: 'destructive',
          });
          resolve(false);
        },
      });
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  // An unsaved name is not dropped unasked: Cancel and leaving the page ask, a reload offers it back.
  const { guard, offer } = useGuardedEditor({
    ownerId: user.id,
    draftKey: 'settings:authorName',
    value: draft,
    dirty: changed,
    save: send,
    discard: () => setDraft(null),
    restore: setDraft,
    isStored: (kept) => kept.trim() === stored,
  });
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save') await send();
    else if (choice === 'discard') setDraft(null);
    setAsking(false);
  };

  return (
    <Card title={t('authorName.title')} description={t('authorName.description')} icon={<PenLine aria-hidden className="size-5" />}>
      {guard}
      {offer && <div className="mb-4">{offer}</div>}
      <EditorLeaveDialog open={asking} purpose="cancel" saving={save.isPending} onChoose={(choice) => void answer(choice)} />
      {editing ? (
        <form onSubmit={onSubmit} className="grid gap-3">
          <Field
            label={t('authorName.label')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={AUTHOR_NAME_MAX}
            autoComplete="name"
            autoFocus
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={!changed || save.isPending}>
              {save.isPending ? t('authorName.saving') : t('actions.save', { ns: 'common' })}
            </Button>
            <Button variant="ghost" onClick={() => (changed ? setAsking(true) : setDraft(null))} disabled={save.isPending}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-100">
            {stored ? t('authorName.quoted', { name: stored }) : <span className="text-stone-400">{t('authorName.notSet')}</span>}
          </p>
          <Button variant="secondary" onClick={() => setDraft(stored)}>
            {stored ? t('authorName.edit') : t('authorName.set')}
          </Button>
        </div>
      )}
    </Card>
  );
}
