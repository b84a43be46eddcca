import { useEffect } from 'react';
import { UserRound } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { fullNameOf, signatureName } from '../../../contract/author-name.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { AuthorNameForm, useAuthorNameEditor, type AuthorNameWords } from '../settings/authorNameEditor.tsx';
import { Button } from '../ui/Button.tsx';

interface PublishedAsProps {
  /** Called with true while the name is being edited: the card holds Publish until it is saved or cancelled. */
  onEditingChange: (editing: boolean) => void;
}

/**
 * "Published as <name>" before anything is published: the name the public page will show,
 * by the server's rule (`signatureName`: the author name from Settings, else first and last
 * name). Without an author name it says the full name will be shown and offers to set one;
 * the name is changed here, in place, with Settings' editor (the same draft and guard).
 */
export function PublishedAs({ onEditingChange }: PublishedAsProps) {
  const { t } = useTranslation('publishing');
  const user = useCurrentUser().data;
  const words: AuthorNameWords = {
    label: t('author.label'),
    hint: t('author.hint'),
    saving: t('author.saving'),
    saved: t('author.saved'),
    saveFailed: t('author.saveFailed'),
  };
  const editor = useAuthorNameEditor(user, words, onEditingChange);
  // Gone while editing (the story was published elsewhere): the card must not keep holding Publish.
  useEffect(() => () => onEditingChange(false), [onEditingChange]);
  if (!user) return null;

  const name = signatureName(user);
  return (
    <div className="grid gap-3 rounded-xl border border-stone-700 bg-stone-950/40 p-4">
      {editor.guards}
      {editor.offer}
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
      {!editor.stored && fullNameOf(user) && <p className="text-sm text-stone-400">{t('author.fullNameShown')}</p>}
      {editor.draft !== null ? (
        <AuthorNameForm editor={editor} words={words} />
      ) : (
        <Button variant="secondary" onClick={editor.start} className="justify-self-start">
          {editor.stored ? t('author.change') : t('author.set')}
        </Button>
      )}
    </div>
  );
}
