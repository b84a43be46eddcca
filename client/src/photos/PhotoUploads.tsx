import { AlertCircle, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES_PER_UPLOAD } from '../../../contract/photos.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatFileSize } from '../i18n/format.ts';
import { Bar } from '../ui/Bar.tsx';
import { Button } from '../ui/Button.tsx';
import type { UploadItem } from './uploadQueue.ts';

interface PhotoUploadsProps {
  items: readonly UploadItem<File>[];
  onRetry: (key: number) => void;
  onDismiss: (key: number) => void;
}

/** The files on their way, each with its own progress, or its own reason when it was refused. */
export function PhotoUploads({ items, onRetry, onDismiss }: PhotoUploadsProps) {
  const { t } = useTranslation('photos');
  if (items.length === 0) return null;
  return (
    <ul aria-label={t('uploads.label')} className="grid gap-2">
      {items.map((item) => (
        <li key={item.key} className="grid gap-2 rounded-xl border border-stone-800 bg-stone-900 p-3">
          <UploadRow item={item} onRetry={() => onRetry(item.key)} onDismiss={() => onDismiss(item.key)} />
        </li>
      ))}
    </ul>
  );
}

function UploadRow({ item, onRetry, onDismiss }: { item: UploadItem<File>; onRetry: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('photos');
  const language = useLanguage();
  const errorText = useErrorText();
  const name = item.file.name || t('uploads.unnamed');
  const head = (
    <p className="flex min-w-0 items-baseline justify-between gap-2 text-sm">
      <span className="truncate text-stone-100">{name}</span>
      <span className="shrink-0 text-stone-400">{formatFileSize(item.file.size, language)}</span>
    </p>
  );

  if (item.state === 'failed' && item.failure) {
    const reason =
      'refused' in item.failure
        ? t(`codes.${item.failure.refused}`, {
            ns: 'errors',
            maxSize: formatFileSize(PHOTO_MAX_BYTES, language),
            maxFiles: PHOTO_MAX_FILES_PER_UPLOAD,
          })
        : errorText(item.failure.error);
    return (
      <>
        {head}
        <p role="alert" className="flex items-start gap-2 text-sm text-red-200">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{reason}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {'error' in item.failure && (
            <Button variant="secondary" onClick={onRetry}>
              {t('uploads.retry')}
            </Button>
          )}
          <Button variant="ghost" onClick={onDismiss} aria-label={t('uploads.dismissNamed', { name })}>
            {t('uploads.dismiss')}
          </Button>
        </div>
      </>
    );
  }

  const percent = Math.round(item.sent * 100);
  const status =
    item.state === 'waiting' ? t('uploads.waiting') : item.state === 'processing' ? t('uploads.processing') : t('uploads.sending', { percent });
  return (
    <>
      {head}
      <Bar label={t('uploads.progress', { name })} valueText={status} value={item.state === 'processing' ? undefined : percent} max={item.state === 'processing' ? undefined : 100} />
      <p className="flex items-center gap-1.5 text-xs text-stone-400">
        {item.state !== 'waiting' && <Loader2 aria-hidden className="size-3.5 animate-spin" />}
        {status}
      </p>
    </>
  );
}
