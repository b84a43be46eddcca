import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyReplyView } from '../../../../contract/family.ts';
import { useDeleteVoiceReply } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { useLanguage } from '../../i18n/appLanguage.ts';
import { formatDate } from '../../i18n/format.ts';
import { AudioPlayer } from '../../recordings/AudioPlayer.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toastStore.ts';

/** The voice replies on the story, each with its player; the reader's own deletable after asking. */
export function ReplyList({ storyId, replies }: { storyId: number; replies: FamilyReplyView[] }) {
  const { t } = useTranslation('familyRespond');
  const language = useLanguage();
  const errorText = useErrorText();
  const remove = useDeleteVoiceReply(storyId);
  const [deleting, setDeleting] = useState<FamilyReplyView | null>(null);
  if (replies.length === 0) return null;
  const ordered = [...replies].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);

  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: t('replies.deleted') });
      },
      onError: (error) => toast({ title: t('replies.deleteFailed'), description: errorText(error), variant: 'destructive' }),
    });
  };

  return (
    <>
      <ol aria-label={t('replies.title')} className="grid gap-3">
        {ordered.map((reply) => (
          <li key={reply.id} className="grid gap-2">
            <p className="flex flex-wrap gap-x-2 text-sm">
              <span className="font-medium text-stone-100">{t('replies.by', { name: reply.authorName })}</span>
              <span className="text-stone-400">{formatDate(reply.createdAt, language, { dateStyle: 'medium', timeStyle: 'short' })}</span>
            </p>
            <AudioPlayer src={reply.audioUrl} storedDuration={reply.duration} />
            {reply.mine && (
              <Button variant="ghost" onClick={() => setDeleting(reply)} className="-ml-2 min-h-9 justify-self-start text-red-300 hover:text-red-200">
                <Trash2 aria-hidden className="size-4" />
                {t('replies.delete')}
              </Button>
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('replies.deleteTitle')}
        description={t('replies.deleteText')}
        confirmLabel={t('replies.delete')}
        onConfirm={confirm}
        pending={remove.isPending}
        destructive
      />
    </>
  );
}
