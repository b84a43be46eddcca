import { useState } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Contribution } from '../../../contract/co-author.ts';
import { isTranscriptionPending } from '../../../contract/engines.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { formatDuration } from '../recordings/duration.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { contributionWords } from './contributions.ts';

interface ContributionListProps {
  title: string;
  contributions: Contribution[];
  /** Given for the person's own list: each can be deleted after asking. */
  onDelete?: (contribution: Contribution) => Promise<boolean>;
}

/** "Your contributions" or "Other contributions": transcript in quotes, duration, words, date and name. */
export function ContributionList({ title, contributions, onDelete }: ContributionListProps) {
  const { t } = useTranslation('coAuthor');
  const [deleting, setDeleting] = useState<Contribution | null>(null);
  const [pending, setPending] = useState(false);
  if (contributions.length === 0) return null;

  const confirm = async () => {
    if (!deleting || !onDelete) return;
    setPending(true);
    await onDelete(deleting);
    setPending(false);
    setDeleting(null);
  };

  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="text-lg font-semibold text-stone-50">{title}</h2>
      <ul className="grid gap-3">
        {contributions.map((contribution) => (
          <ContributionItem key={contribution.id} contribution={contribution} onDelete={onDelete && (() => setDeleting(contribution))} />
        ))}
      </ul>
      {onDelete && (
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('list.confirmDelete.title')}
          description={t('list.confirmDelete.description')}
          confirmLabel={t('list.confirmDelete.confirm')}
          onConfirm={() => void confirm()}
          pending={pending}
          destructive
        />
      )}
    </section>
  );
}

function ContributionItem({ contribution, onDelete }: { contribution: Contribution; onDelete?: () => void }) {
  const { t } = useTranslation('coAuthor');
  const language = useLanguage();
  const date = formatDate(contribution.createdAt, language);
  const text = contribution.transcription?.trim();
  return (
    <li className="rounded-xl border border-stone-800 bg-stone-900/70 p-4">
      <p className="text-stone-100">
        {isTranscriptionPending(contribution.processingStatus) ? (
          <span className="flex items-center gap-2 text-amber-200">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {t('list.transcribing')}
          </span>
        ) : contribution.processingStatus === 'failed' ? (
          <span className="text-red-200">{t('list.failed')}</span>
        ) : text ? (
          t('list.quoted', { text })
        ) : (
          <span className="text-stone-400 italic">{t('list.noText')}</span>
        )}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-stone-400">
        <span>{formatDuration(contribution.duration)}</span>
        <span>{t('list.words', { count: contributionWords(contribution.transcription) })}</span>
        <span>{date}</span>
        <span className="text-stone-300">{t('list.by', { name: contribution.contributorName })}</span>
      </p>
      {onDelete && (
        <Button variant="ghost" onClick={onDelete} className="mt-2 -ml-2 text-red-300 hover:text-red-200">
          <Trash2 aria-hidden className="size-4" />
          {t('list.delete')}
        </Button>
      )}
    </li>
  );
}
