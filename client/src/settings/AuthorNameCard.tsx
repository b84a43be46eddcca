import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/auth.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { AuthorNameForm, useAuthorNameEditor, type AuthorNameWords } from './authorNameEditor.tsx';

/** Author name card: the name on published stories, shown in quotes or "not set", edited in place. */
export function AuthorNameCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const words: AuthorNameWords = {
    label: t('authorName.label'),
    saving: t('authorName.saving'),
    saved: t('authorName.saved'),
    saveFailed: t('authorName.saveFailed'),
  };
  const editor = useAuthorNameEditor(user, words);

  return (
    <Card title={t('authorName.title')} description={t('authorName.description')} icon={<PenLine aria-hidden className="size-5" />}>
      {editor.guards}
      {editor.offer && <div className="mb-4">{editor.offer}</div>}
      {editor.draft !== null ? (
        <AuthorNameForm editor={editor} words={words} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-100">
            {editor.stored ? t('authorName.quoted', { name: editor.stored }) : <span className="text-stone-400">{t('authorName.notSet')}</span>}
          </p>
          <Button variant="secondary" onClick={editor.start}>
            {editor.stored ? t('authorName.edit') : t('authorName.set')}
          </Button>
        </div>
      )}
    </Card>
  );
}
