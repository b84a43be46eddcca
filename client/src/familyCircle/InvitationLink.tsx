import { Copy, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { CopyFallback } from '../ui/CopyFallback.tsx';
import { useCopyLink } from '../ui/useCopyLink.ts';

/** The server's link, absolute (it sends one from the site's origin; a path is completed with this page's). */
export const absoluteLink = (link: string) => new URL(link, window.location.origin).toString();

/**
 * An invitation link, shown once (the server keeps only its hash): the link itself, Copy,
 * Share where the device has a share sheet, and the words that it works once.
 */
export function InvitationLink({ link, note }: { link: string; note?: string }) {
  const { t } = useTranslation('familyCircle');
  const url = absoluteLink(link);
  const { copy, fallback } = useCopyLink({ copied: t('link.copied'), failed: t('link.copyFailed') });
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: t('link.shareTitle'), text: t('link.shareText'), url });
    } catch {
      // Closed without sharing, or refused: the link is still on screen to copy.
    }
  };
  return (
    <div role="status" className="grid gap-3 rounded-xl border border-amber-300/40 bg-amber-300/10 p-4">
      <p className="text-sm font-medium text-amber-100">{t('link.title')}</p>
      {note && <p className="text-sm text-stone-200">{note}</p>}
      {fallback ? (
        <CopyFallback url={url} label={t('link.fieldLabel')} />
      ) : (
        <p aria-label={t('link.fieldLabel')} className="rounded-lg bg-stone-950 p-3 font-mono text-sm break-all text-stone-100 select-all">
          {url}
        </p>
      )}
      <p className="text-sm text-stone-300">{t('link.once')}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy(url)}>
          <Copy aria-hidden className="size-4" />
          {t('link.copy')}
        </Button>
        {canShare && (
          <Button variant="secondary" onClick={() => void share()}>
            <Share2 aria-hidden className="size-4" />
            {t('link.share')}
          </Button>
        )}
      </div>
    </div>
  );
}
