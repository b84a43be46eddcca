import { useId, useState } from 'react';
import { Copy, Link2, RefreshCw, Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Story } from '../api/stories.ts';
import { useCoAuthorTokens, useCreateCoAuthorToken, useDeleteCoAuthorToken } from '../api/coAuthor.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
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
 * none explains what a link is for and creates one; a link just made shows with Copy and
 * Delete. Only the link's hash is kept (decision 028), so afterwards the card says a link
 * exists, since when, and offers a new one in its place or Delete, each asked first (the
 * old link stops working, what was added through it stays).
 */
export function CoAuthorCard({ story }: { story: Story }) {
  const { t } = useTranslation('coAuthor');
  const language = useLanguage();
  const tokens = useCoAuthorTokens(story.id);
  const create = useCreateCoAuthorToken(story.id);
  const remove = useDeleteCoAuthorToken(story.id);
  const [confirming, setConfirming] = useState<'delete' | 'replace' | null>(null);
  // The address of a link made here: shown as long as the card is, the list never gives it again.
  const [made, setMade] = useState<{ id: number; url: string } | null>(null);
  const fieldId = useId();
  const link = tokens.data?.[0];
  const url = link?.url ?? (made && link && made.id === link.id ? made.url : null);

  const createLink = (onDone?: () => void) =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        if (created.url) setMade({ id: created.id, url: created.url });
        onDone?.();
        toast({ title: t('toast.created') });
      },
      onError: () => {
        onDone?.();
        toast({ title: t('toast.createFailed'), variant: 'destructive' });
      },
    });

  // A new link in the old one's place: the old is deleted first (one link per story).
  const replaceLink = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => createLink(() => setConfirming(null)),
      onError: () => {
        setConfirming(null);
        toast({ title: t('toast.deleteFailed'), variant: 'destructive' });
      },
    });

  // The link is always in the field above, selectable: no other fallback is needed here.
  const { copy: copyLink } = useCopyLink({ copied: t('toast.copied'), failed: t('toast.copyFailed') });

  const deleteLink = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(null);
        setMade(null);
        toast({ title: t('toast.deleted') });
      },
      onError: () => {
        setConfirming(null);
        toast({ title: t('toast.deleteFailed'), variant: 'destructive' });
      },
    });

  const deleteButton = (
    <Button variant="ghost" onClick={() => setConfirming('delete')} className="text-red-300 hover:text-red-200">
      <Trash2 aria-hidden className="size-4" />
      {t('card.delete')}
    </Button>
  );

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
          <Button variant="secondary" onClick={() => createLink()} disabled={create.isPending}>
            <Link2 aria-hidden className="size-4" />
            {create.isPending ? t('card.creating') : t('card.create')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          {url ? (
            <>
              <p className="text-sm text-stone-300">{t('card.present')}</p>
              <p className="text-sm text-amber-200">{t('card.copyNow')}</p>
              <label htmlFor={fieldId} className="sr-only">
                {t('card.linkLabel')}
              </label>
              <Input id={fieldId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-sm" />
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void copyLink(url)}>
                  <Copy aria-hidden className="size-4" />
                  {t('card.copy')}
                </Button>
                {deleteButton}
              </div>
            </>
          ) : (
            <>
              <p className="text-sm text-stone-300">{t('card.exists', { date: formatDate(link.createdAt, language) })}</p>
              <p className="text-sm text-stone-400">{t('card.notShownAgain')}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setConfirming('replace')}>
                  <RefreshCw aria-hidden className="size-4" />
                  {t('card.replace')}
                </Button>
                {deleteButton}
              </div>
            </>
          )}
          <ConfirmDialog
            open={confirming === 'delete'}
            onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
            title={t('card.confirmDelete.title')}
            description={t('card.confirmDelete.description')}
            confirmLabel={t('card.confirmDelete.confirm')}
            onConfirm={() => deleteLink(link.id)}
            pending={remove.isPending}
            destructive
          />
          <ConfirmDialog
            open={confirming === 'replace'}
            onOpenChange={(open) => setConfirming(open ? 'replace' : null)}
            title={t('card.confirmReplace.title')}
            description={t('card.confirmReplace.description')}
            confirmLabel={t('card.confirmReplace.confirm')}
            onConfirm={() => replaceLink(link.id)}
            pending={remove.isPending || create.isPending}
            destructive
          />
        </div>
      )}
    </Card>
  );
}
