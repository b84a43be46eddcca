import { type FormEvent, useEffect, useState } from 'react';
import { UserRound } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { AUTHOR_NAME_MAX } from '../../../contract/auth.ts';
import { fullNameOf, signatureName } from '../../../contract/author-name.ts';
import { useCurrentUser, useSaveAuthorName } from '../api/currentUser.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { toast } from '../ui/toastStore.ts';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../ui/EditorLeaveDialog.tsx';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';

interface PublishedAsProps {
  /** Called with true while the name is being edited: the card holds Publish until it is saved or cancelled. */
  onEditingChange: (editing: boolean) => void;
}

/**
 * "Published as <name>" before anything is published: the name the public page will show,
 * by the server's rule (`signatureName`: the author name from Settings, else first and last
 * name). Without an author name it says the full name will be shown and offers to set one;
 * the name is changed here, in place, and saved as the Settings author name. A typed name is
 * guarded as in Settings (the same draft): Cancel, Escape and leaving ask, a reload offers it back.
 */
export function PublishedAs({ onEditingChange }: PublishedAsProps) {
  const { t } = useTranslation('publishing');
  const user = useCurrentUser().data;
  const save = useSaveAuthorName();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  // Gone while editing (the story was published elsewhere): the card must not keep holding Publish.
  useEffect(() => () => onEditingChange(false), [onEditingChange]);

  const stored = user?.authorName?.trim() ?? '';
  const edit = (next: string | null) => {
    setDraft(next);
    onEditingChange(next !== null);
  };
  const changed = draft !== null && draft.trim() !== stored;

  /** Saves the name; false when it was not saved (the toast says why). */
  const send = () =>
    new Promise<boolean>((resolve) => {
      if (!changed) return resolve(true);
      save.mutate(draft.trim(), {
        onSuccess: () => {
          edit(null);
          toast({ title: t('author.saved') });
          resolve(true);
        },
        onError: (error) => {
          toast({ title: t('author.saveFailed'), description: errorText(error, { orServerMessage: true }), variant: 'destructive' });
          resolve(false);
        },
      });
    });
  const { guard, offer } = useGuardedEditor({
    ownerId: user?.id ?? null,
    draftKey: 'settings:authorName',
    value: draft,
    dirty: changed,
    save: send,
    discard: () => edit(null),
    restore: edit,
    isStored: (kept) => kept.trim() === stored,
  });
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save') await send();
    else if (choice === 'discard') edit(null);
    setAsking(false);
  };
  const cancel = () => (changed ? setAsking(true) : edit(null));
  if (!user) return null;

  const name = signatureName(user);
  const fullName = fullNameOf(user);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <div className="grid gap-3 rounded-xl border border-stone-700 bg-stone-950/40 p-4">
      {guard}
      <EditorLeaveDialog open={asking} purpose="cancel" saving={save.isPending} onChoose={(choice) => void answer(choice)} />
      {offer}
      <p className="flex items-start gap-2 text-sm text-stone-200">
        <UserRound aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-300" />
        <span>
          {name ? (
            <Trans t={t} i18nKey="author.publishedAs" values={{ name }} components={{ name: <strong className="font-semibold text-stone-50" /> }} />
          ) : (
            t('author.noName')
          )}
        </span>
      </p>
      {!stored && fullName && <p className="text-sm text-stone-400">{t('author.fullNameShown')}</p>}
      {draft !== null ? (
        <form onSubmit={submit} className="grid gap-3">
          <Field
            label={t('author.label')}
            hint={t('author.hint')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') cancel();
            }}
            maxLength={AUTHOR_NAME_MAX}
            autoComplete="name"
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!changed || save.isPending}>
              {save.isPending ? t('author.saving') : t('actions.save', { ns: 'common' })}
            </Button>
            <Button variant="ghost" onClick={cancel} disabled={save.isPending}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => edit(stored)} className="justify-self-start">
          {stored ? t('author.change') : t('author.set')}
        </Button>
      )}
    </div>
  );
}
