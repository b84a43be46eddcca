import { useId, useState } from 'react';
import { Copy, Link2, Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Story } from '../api/stories.ts';
import { useCoAuthorTokens, useCreateCoAuthorToken, useDeleteCoAuthorToken } from '../api/coAuthor.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Input } from '../ui/Input.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { toast } from '../ui/toastStore.ts';
import { useCopyLink } from '../ui/useCopyLink.ts';

/**
 * Story detail's co-author card (spec "Sharing link": none or present, one per story):
 * none explains what a link is for and creates one; present shows it with Copy and Delete,
 * which asks first (the link stops working, what was added through it stays).
 */
export function CoAuthorCard({ story }: { story: Story }) {
  const { t } = useTranslation('coAuthor');
  const tokens = useCoAuthorTokens(story.id);
  const create = useCreateCoAuthorToken(story.id);
  const remove = useDeleteCoAuthorToken(story.id);
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  const link = tokens.data?.[0];

  const createLink = () =>
    create.mutate(undefined, {
      onSuccess: () => toast({ title: t('toast.created') }),
      onError: () => toast({ title: t('toast.createFailed'), variant: 'destructive' }),
    });

  // The link is always in the field above, selectable: no other fallback is needed here.
  const { copy: copyLink } = useCopyLink({ copied: t('toast.copied'), failed: t('toast.copyFailed') });

  const deleteLink = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('toast.deleted') });
      },
      onError: () => {
        setConfirming(false);
        toast({ title: t('toast.deleteFailed'), variant: 'destructive' });
      },
    });

  return (
    <Card title={t('card.title')} icon={<Users aria-hidden className="size-4 text-amber-300" />}>
      {tokens.isError ? (
        <LoadFailed message={t('card.loadFailed')} retryLabel={t('card.retry')} onRetry={() => void tokens.refetch()} />
      ) : tokens.isPending ? (
        <div aria-busy="true">
          <SkeletonLines count={2} />
        </div>
      ) : !link ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm text-stone-300">{t('card.none')}</p>
          <Button variant="secondary" onClick={createLink} disabled={create.isPending}>
            <Link2 aria-hidden className="size-4" />
            {create.isPending ? t('card.creating') : t('card.create')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-stone-300">{t('card.present')}</p>
          <label htmlFor={fieldId} className="sr-only">
            {t('card.linkLabel')}
          </label>
          <Input
            id={fieldId}
            readOnly
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm"
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void copyLink(link.url)}>
              <Copy aria-hidden className="size-4" />
              {t('card.copy')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)} className="text-red-300 hover:text-red-200">
              <Trash2 aria-hidden className="size-4" />
              {t('card.delete')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('card.confirmDelete.title')}
            description={t('card.confirmDelete.description')}
            confirmLabel={t('card.confirmDelete.confirm')}
            onConfirm={() => deleteLink(link.id)}
            pending={remove.isPending}
            destructive
          />
        </div>
      )}
    </Card>
  );
}
