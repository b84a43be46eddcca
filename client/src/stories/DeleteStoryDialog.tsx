import { useTranslation } from 'react-i18next';
import { useDeleteStory } from '../api/stories.ts';
import { toast } from '../ui/toastStore.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';

interface DeleteStoryDialogProps {
  storyId: number;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the story is gone, before the lists read again. */
  onDeleted?: () => void;
}

/** "Delete this story?" (spec 5: deleting needs confirmation), then the delete and its toast (spec 8.5, 8.6). */
export function DeleteStoryDialog({ storyId, title, open, onOpenChange, onDeleted }: DeleteStoryDialogProps) {
  const { t } = useTranslation('library');
  const remove = useDeleteStory();
  const confirm = () =>
    remove.mutate(storyId, {
      onSuccess: () => {
        onOpenChange(false);
        onDeleted?.();
        toast({ title: t('delete.deleted') });
      },
      onError: () => toast({ title: t('delete.failed'), variant: 'destructive' }),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t('delete.description', { title })}
      confirmLabel={t('delete.confirm')}
      onConfirm={confirm}
      pending={remove.isPending}
      destructive
    />
  );
}
