import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyCommentView } from '../../../../contract/family.ts';
import { useDeleteComment } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { useLanguage } from '../../i18n/appLanguage.ts';
import { formatDate } from '../../i18n/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toastStore.ts';

/** The story's comments, oldest first (newest last, by the box); the storyteller's answers marked; the reader's own deletable after asking. */
export function CommentList({ storyId, comments }: { storyId: number; comments: FamilyCommentView[] }) {
  const { t } = useTranslation('familyRespond');
  const language = useLanguage();
  const errorText = useErrorText();
  const remove = useDeleteComment(storyId);
  const [deleting, setDeleting] = useState<FamilyCommentView | null>(null);
  const ordered = [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);

  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: t('comments.deleted') });
      },
      onError: (error) => toast({ title: t('comments.deleteFailed'), description: errorText(error), variant: 'destructive' }),
    });
  };

  if (ordered.length === 0) return <p className="text-sm text-stone-400">{t('comments.none')}</p>;
  return (
    <>
      <ol className="grid gap-3">
        {ordered.map((comment) => (
          <li
            key={comment.id}
            className={comment.byTeller ? 'rounded-xl border border-amber-300/30 bg-amber-300/5 p-3' : 'rounded-xl border border-stone-800 bg-stone-900/70 p-3'}
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-medium text-stone-100">{comment.authorName}</span>
              {comment.byTeller && <Badge>{t('comments.tellerAnswer')}</Badge>}
              <span className="text-stone-400">{formatDate(comment.createdAt, language, { dateStyle: 'medium', timeStyle: 'short' })}</span>
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-stone-200">{comment.body}</p>
            {comment.mine && (
              <Button variant="ghost" onClick={() => setDeleting(comment)} className="mt-1 -ml-2 min-h-9 text-red-300 hover:text-red-200">
                <Trash2 aria-hidden className="size-4" />
                {t('comments.delete')}
              </Button>
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('comments.deleteTitle')}
        description={t('comments.deleteText')}
        confirmLabel={t('comments.delete')}
        onConfirm={confirm}
        pending={remove.isPending}
        destructive
      />
    </>
  );
}
