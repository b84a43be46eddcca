import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { FileArchive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type ArchiveImport, cancelArchiveImport, isImporting, useArchiveImports, useRefreshArchiveImports } from '../api/archiveImport.ts';
import { useDataChanged } from '../api/dataChanged.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Bar } from '../ui/Bar.tsx';
import { isSameFile, uploadArchiveFile, uploadedPercent } from './archiveUpload.ts';

/** The kinds an import counts, in the order the summary names them. */
const COUNTED = ['stories', 'recordings', 'photos', 'chapters', 'people', 'places', 'followUpQuestions', 'autobiographies'] as const;

/**
 * Import an archive: a Saaga archive (.zip) from another Saaga is sent piece by piece with
 * its progress, then read into this account by the server while the card shows how far it
 * is; when done it says what was added, or why nothing was. An upload cut off (a reload, the
 * network) continues from where the server stopped, once the person chooses the same file.
 */
export function ImportArchiveCard() {
  const { t } = useTranslation('archiveImport');
  const imports = useArchiveImports();
  const refresh = useRefreshArchiveImports();
  const dataChanged = useDataChanged();
  const errorText = useErrorText();
  const [sending, setSending] = useState<ArchiveImport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const newest = imports.data?.[0] ?? null;

  // The library reads again once an import this screen watched has added its rows.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    if (isImporting(newest)) watched.current = newest.id;
    else if (newest.state === 'done' && watched.current === newest.id) {
      watched.current = null;
      dataChanged();
    }
  }, [newest, dataChanged]);
  useEffect(() => () => abort.current?.abort(), []);

  const stopped = !sending && newest?.state === 'uploading' ? newest : null;

  const send = async (file: File) => {
    setProblem(null);
    if (!file.name.toLowerCase().endsWith('.zip')) {
      setProblem(t('notZip'));
      return;
    }
    if (stopped && !isSameFile(file, stopped)) {
      setProblem(t('notSameFile', { name: stopped.fileName ?? '' }));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    try {
      await uploadArchiveFile(file, stopped, setSending, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) setProblem(errorText(error));
    } finally {
      setSending(null);
      abort.current = null;
      await refresh();
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file);
  };

  const cancel = async (upload: ArchiveImport) => {
    abort.current?.abort();
    setProblem(null);
    try {
      await cancelArchiveImport(upload.id);
    } catch (error) {
      setProblem(errorText(error));
    }
    setSending(null);
    await refresh();
  };

  const chooser = (label: string) => (
    <label className={buttonClasses('primary', 'cursor-pointer justify-self-start')}>
      <input type="file" accept=".zip,application/zip" className="sr-only" onChange={choose} aria-label={label} />
      {label}
    </label>
  );

  return (
    <Card title={t('title')} description={t('description')} icon={<FileArchive aria-hidden className="size-5" />}>
      <div className="grid gap-4">
        {sending ? (
          <>
            <Progress label={t('uploading', { percent: uploadedPercent(sending) })} done={sending.receivedBytes} total={sending.sizeBytes} />
            <Button variant="secondary" className="justify-self-start" onClick={() => void cancel(sending)}>
              {t('cancelUpload')}
            </Button>
          </>
        ) : imports.isPending ? (
          <div aria-busy="true" aria-label={t('loading')} className="h-12 animate-pulse rounded-lg bg-stone-800" />
        ) : imports.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p className="text-sm text-red-100">{t('loadFailed')}</p>
            <Button variant="secondary" onClick={() => void imports.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : stopped ? (
          <>
            <p className="text-sm text-amber-100" role="status">
              {t('stopped', { percent: uploadedPercent(stopped), name: stopped.fileName ?? '' })}
            </p>
            <div className="flex flex-wrap gap-3">
              {chooser(t('chooseSame'))}
              <Button variant="secondary" onClick={() => void cancel(stopped)}>
                {t('cancelUpload')}
              </Button>
            </div>
          </>
        ) : newest && isImporting(newest) ? (
          <Progress
            label={newest.progress.total > 0 ? t('importing', { done: newest.progress.done, total: newest.progress.total }) : t('queued')}
            done={newest.progress.done}
            total={Math.max(1, newest.progress.total)}
          />
        ) : (
          <>
            {newest?.state === 'done' && <Added counts={newest.counts ?? {}} />}
            {newest?.state === 'failed' && (
              <p role="alert" className="text-sm text-red-100">
                {t('failed', { reason: errorText(new ApiRequestError(422, newest.error ?? '', { message: newest.error ?? '', code: newest.errorCode ?? undefined })) })}
              </p>
            )}
            {chooser(newest ? t('chooseAnother') : t('choose'))}
          </>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-100">
            {problem}
          </p>
        )}
      </div>
    </Card>
  );
}

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  return (
    <div className="grid gap-2">
      <Bar label={label} valueText={label} value={done} max={total} />
      <p className="text-sm text-stone-200" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

/** What the import added: "12 stories, 30 recordings, 5 people". */
function Added({ counts }: { counts: Record<string, number> }) {
  const { t } = useTranslation('archiveImport');
  const language = useLanguage();
  const parts = COUNTED.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) =>
    t(`counts.${kind}`, { count: counts[kind], formatted: formatNumber(counts[kind], language) }),
  );
  return (
    <p role="status" className="text-sm text-stone-100">
      {parts.length > 0 ? t('done', { added: parts.join(', ') }) : t('doneEmpty')}
    </p>
  );
}
