import { useTranslation } from 'react-i18next';
import { useDeleteChapter, type Chapter } from '../api/chapters.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { useChapterFailure } from './chapterErrors.ts';

interface DeleteChapterDialogProps {
  chapter: Chapter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Leave the chapter's screens: called before its reads are dropped. */
  onDeleted: () => void;
}

/** Delete with confirmation; the text says the chapter's stories stay, unassigned. */
export function DeleteChapterDialog({ chapter, open, onOpenChange, onDeleted }: DeleteChapterDialogProps) {
  const { t } = useTranslation('chapters');
  const remove = useDeleteChapter();
  const failed = useChapterFailure();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { title: chapter.title })}
      description={chapter.storyCount === 0 ? t('delete.descriptionEmpty') : t('delete.description', { count: chapter.storyCount })}
      confirmLabel={t('delete.confirm')}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(chapter.id, {
          onSuccess: () => {
            toast({ title: t('toast.deleted') });
            onOpenChange(false);
            onDeleted();
          },
          onError: (error) => failed('deleteFailed', error),
        })
      }
    />
  );
}
