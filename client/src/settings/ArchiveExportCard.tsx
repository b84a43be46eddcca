import { Archive, Download, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_LIMITS, type ArchiveExport } from '../../../contract/archive.ts';
import { useArchiveExports, useStartArchiveExport } from '../api/archive.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate, formatFileSize, formatNumber } from '../i18n/format.ts';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { JobProgress } from '../ui/JobProgress.tsx';
import { Card } from '../ui/Card.tsx';

/**
 * "Your archive": the whole account as one ZIP to keep. Starting it shows the server's
 * progress (read again every 2 s, so a reload finds it where it is), then the download with
 * its size and last day; a failure says why and offers to try again; an expired one says so.
 * Only the newest archive is shown: it is the one the person is after.
 */
export function ArchiveExportCard() {
  const { t } = useTranslation('archiveExport');
  const exports = useArchiveExports();
  const latest = exports.data?.[0];

  return (
    <Card title={t('title')} description={t('description')} icon={<Archive aria-hidden className="size-5" />}>
      {exports.data ? (
        <div className="grid gap-3">
          {latest && <LatestArchive archive={latest} />}
          <StartButton latest={latest} />
        </div>
      ) : exports.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-sm text-red-100">{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void exports.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div aria-busy="true" aria-label={t('loading')} className="h-12 animate-pulse rounded-lg bg-stone-800" />
      )}
    </Card>
  );
}

function LatestArchive({ archive }: { archive: ArchiveExport }) {
  const { t } = useTranslation('archiveExport');
  const { t: tErrors, i18n } = useTranslation('errors');
  const language = useLanguage();
  switch (archive.state) {
    case 'queued':
    case 'running':
      return <Progress archive={archive} />;
    case 'ready':
      return (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-stone-100">{t('ready')}</p>
          <a href={archive.downloadUrl ?? undefined} download className={buttonClasses('primary')}>
            <Download aria-hidden className="size-4" />
            {t('download', { size: formatFileSize(archive.sizeBytes ?? 0, language) })}
          </a>
          {archive.expiresAt && (
            <p className="text-sm text-stone-400">{t('availableUntil', { date: formatDate(archive.expiresAt, language, { dateStyle: 'long' }) })}</p>
          )}
        </div>
      );
    case 'failed': {
      const code = archive.errorCode ?? 'export_failed';
      const reason = i18n.exists(`codes.${code}`, { ns: 'errors' }) ? tErrors(`codes.${code}`) : t('failed');
      return (
        <p role="alert" className="text-sm text-red-100">
          {reason}
        </p>
      );
    }
    case 'expired':
      return <p className="text-sm text-stone-400">{t('expired', { date: formatDate(archive.createdAt, language, { dateStyle: 'long' }) })}</p>;
  }
}

function Progress({ archive }: { archive: ArchiveExport }) {
  const { t } = useTranslation('archiveExport');
  const language = useLanguage();
  const { done, total } = archive.progress;
  const counted = archive.state === 'running' && total > 0;
  const label = counted
    ? t('progress', { done: formatNumber(done, language), total: formatNumber(total, language) })
    : t(archive.state === 'queued' ? 'queued' : 'preparing');
  return <JobProgress label={label} barLabel={t('progressLabel')} note={t('keepsGoing')} value={done} max={counted ? total : undefined} />;
}

/** Starts an archive: the first one, another after a failure ("Try again"), or a fresh one. Hidden while one is prepared. */
function StartButton({ latest }: { latest: ArchiveExport | undefined }) {
  const { t } = useTranslation('archiveExport');
  const language = useLanguage();
  const errorText = useErrorText();
  const start = useStartArchiveExport();
  if (latest && (latest.state === 'queued' || latest.state === 'running')) return null;
  const label = !latest ? t('start') : latest.state === 'failed' ? t('tryAgain') : t('makeNew');
  const error = start.error;
  const limited = error instanceof ApiRequestError && error.code === 'rate_limited';
  return (
    <div className="grid justify-items-start gap-2">
      <Button variant={latest ? 'secondary' : 'primary'} onClick={() => start.mutate(language)} disabled={start.isPending}>
        {latest?.state === 'failed' ? <RotateCcw aria-hidden className="size-4" /> : <Archive aria-hidden className="size-4" />}
        {start.isPending ? t('starting') : label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-100">
          {limited ? t('limitReached', { count: ARCHIVE_LIMITS.exportsPerDay }) : errorText(error)}
        </p>
      )}
    </div>
  );
}
