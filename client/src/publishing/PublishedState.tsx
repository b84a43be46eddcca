import type { ReactNode } from 'react';
import { AlertTriangle, AudioLines, CheckCircle2, Loader2, PencilLine, Trash2, VolumeX } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { narrationInProgress } from '../api/publishing.ts';
import { aiErrorText, matchAiError } from '../../../contract/ai-errors.ts';
import { signatureName } from '../../../contract/author-name.ts';
import type { PublishedStorySummary } from '../../../contract/publishing.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { Button } from '../ui/Button.tsx';
import { PublishedLink } from './PublishedLink.tsx';
import { publishedAgo } from './publicStory.ts';

interface PublishedStateProps {
  published: PublishedStorySummary;
  onRepublish: () => void;
  onUnpublish: () => void;
  /** Republishing waits (the story is being written, or a publish is on its way). */
  republishDisabled: boolean;
}

/**
 * A published story on its card: when, the name it shows, the public link, where the narration is, a note
 * when the story was edited after publishing (the public page keeps the published version
 * until Republish), and Unpublish.
 */
export function PublishedState({ published, onRepublish, onUnpublish, republishDisabled }: PublishedStateProps) {
  const { t } = useTranslation('publishing');
  const language = useLanguage();
  const republish = (
    <Button variant="secondary" onClick={onRepublish} disabled={republishDisabled} className="justify-self-start">
      {t('published.republish')}
    </Button>
  );
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 text-sm text-emerald-200">
        <CheckCircle2 aria-hidden className="size-4 shrink-0" />
        {t('published.when', { time: publishedAgo(published.publishedAt, language) })}
      </p>
      {/* Republish is offered once: here only when no note below offers it already. */}
      <SignedAs authorName={published.authorName} republish={published.isOutdated || published.narration === 'failed' ? null : republish} />
      <PublishedLink url={published.publicUrl} />
      <Narration published={published} republish={republish} />
      {published.hearVoice && (
        <p className="flex items-center gap-2 text-sm text-stone-300">
          <AudioLines aria-hidden className="size-4 shrink-0 text-amber-300" />
          {t('published.hearVoice')}
        </p>
      )}
      {published.isOutdated && (
        <div className="grid gap-3 rounded-xl border border-amber-300/40 bg-amber-300/10 p-4">
          <p className="flex gap-2 text-sm text-amber-100">
            <PencilLine aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('published.outdated')}
          </p>
          {published.narration !== 'failed' && republish}
        </div>
      )}
      <div className="border-t border-stone-800 pt-3">
        <Button variant="ghost" onClick={onUnpublish} className="-ml-2 text-red-300 hover:text-red-200">
          <Trash2 aria-hidden className="size-4" />
          {t('published.unpublish')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The name the page shows, as published; when the person's name has changed since, that a
 * republish will show the new one (republishing never changes the name unsaid).
 */
function SignedAs({ authorName, republish }: { authorName: string | null; republish: ReactNode }) {
  const { t } = useTranslation('publishing');
  const user = useCurrentUser().data;
  const now = user ? signatureName(user) : authorName;
  return (
    <div className="grid gap-2 text-sm text-stone-300">
      <p>
        {authorName ? (
          <Trans t={t} i18nKey="published.as" values={{ name: authorName }} components={{ name: <strong className="font-semibold text-stone-50" /> }} />
        ) : (
          t('published.noName')
        )}
      </p>
      {now !== authorName && (
        <>
          <p className="text-amber-100">{now ? t('published.nameChanged', { name: now }) : t('published.nameRemoved')}</p>
          {republish}
        </>
      )}
    </div>
  );
}

/** The AI service's failures the catalogue words in both languages; others are shown as the server said them. */
const SERVICE_FAILURES = ['quota_exceeded', 'temporarily_unavailable', 'authentication_failed'];

function narrationFailure(reason: string, language: 'en' | 'fi'): string {
  const entry = matchAiError(reason);
  return entry && SERVICE_FAILURES.includes(entry.code) ? aiErrorText(entry.code, language) : reason;
}

function Narration({ published, republish }: { published: PublishedStorySummary; republish: ReactNode }) {
  const { t } = useTranslation('publishing');
  const language = useLanguage();
  if (narrationInProgress(published.narration)) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-300">
        <Loader2 aria-hidden className="size-4 shrink-0 animate-spin" />
        {t('published.narration.working')}
      </p>
    );
  }
  if (published.narration === 'failed') {
    return (
      <div role="alert" className="grid gap-3 rounded-xl border border-red-400/30 bg-red-950/40 p-4">
        <p className="flex gap-2 text-sm text-red-100">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {published.narrationError
            ? t('published.narration.failed', { reason: narrationFailure(published.narrationError, language) })
            : t('published.narration.failedNoReason')}
        </p>
        {republish}
      </div>
    );
  }
  if (published.narration === 'none') {
    return (
      <p className="flex items-center gap-2 text-sm text-stone-400">
        <VolumeX aria-hidden className="size-4 shrink-0" />
        {t('published.narration.none')}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-stone-300">
      <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-300" />
      {t('published.narration.ready')}
    </p>
  );
}
