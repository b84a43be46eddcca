import { Copy, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { CopyFallback } from '../ui/CopyFallback.tsx';
import { useCopyLink } from '../ui/useCopyLink.ts';

/** The public URL with Copy (and the text-area fallback when the clipboard refuses) and Open link. */
export function PublishedLink({ url }: { url: string }) {
  const { t } = useTranslation('publishing');
  const { copy, fallback } = useCopyLink({ copied: t('toast.copied'), failed: t('toast.copyFailed') });
  return (
    <div className="grid gap-3">
      <div>
        <p className="text-xs font-medium tracking-wide text-stone-400 uppercase">{t('published.link')}</p>
        <p className="mt-1 font-mono text-sm break-all text-amber-100" data-testid="public-url">
          {url}
        </p>
      </div>
      {fallback && <CopyFallback url={url} label={t('published.copyFallback')} />}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy(url)} aria-label={t('published.copyLabel')}>
          <Copy aria-hidden className="size-4" />
          {t('published.copy')}
        </Button>
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
          <ExternalLink aria-hidden className="size-4" />
          {t('published.open')}
        </a>
      </div>
    </div>
  );
}
