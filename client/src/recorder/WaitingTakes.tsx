import { useEffect, useState } from 'react';
import { CloudOff, CloudUpload, HardDrive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../contract/auth.ts';
import { RECORDING_UPLOAD_FIELDS as FIELD } from '../../../contract/uploads.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate, formatFileSize, formatNumber } from '../i18n/format.ts';
import { forgetTake, takeAudio } from '../microphone/unsavedTakes.ts';
import { uploadNow, watchNetworkForWaitingTakes } from '../outbox/keepWaiting.ts';
import { LOW_ROOM_MINUTES, minutesOfRoom } from '../outbox/storageRoom.ts';
import { formatDuration } from '../recordings/duration.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { recordingFileName } from './recordingFormat.ts';
import { useOnline, useWaitingTakes, type ListedWaitingTake } from './useWaitingTakes.ts';

/**
 * The home screen's word on recording offline (issue 31): no network, and Record still
 * works; too little room on the device; and the takes waiting to upload, each with what it
 * is about, its size, and how it stands. Mounting it starts the uploader (the app was opened)
 * and keeps it listening for the network to come back.
 */
export function WaitingTakes() {
  const { t } = useTranslation('outbox');
  const language = useLanguage();
  const online = useOnline();
  const { data: user } = useCurrentUser();
  const { takes, sent, reread } = useWaitingTakes(user?.id);
  const [roomMinutes, setRoomMinutes] = useState<number | null>(null);

  useEffect(() => {
    watchNetworkForWaitingTakes();
    void minutesOfRoom().then(setRoomMinutes);
  }, []);

  return (
    <>
      {!online && (
        <section role="status" aria-labelledby="offline-title" className="grid w-full max-w-md gap-1 rounded-2xl border border-stone-700 bg-stone-900 p-4 text-left">
          <h2 id="offline-title" className="flex items-center gap-2 font-semibold text-stone-50">
            <CloudOff aria-hidden className="size-5 text-amber-300" />
            {t('offline.title')}
          </h2>
          <p className="text-sm text-stone-300">{t('offline.description')}</p>
        </section>
      )}
      {roomMinutes !== null && roomMinutes < LOW_ROOM_MINUTES && (
        <p role="note" className="flex w-full max-w-md items-start gap-2 rounded-2xl border border-amber-300/40 bg-stone-900 p-4 text-left text-sm text-stone-200">
          <HardDrive aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-300" />
          {t('room.low', { minutes: formatNumber(Math.floor(roomMinutes), language) })}
        </p>
      )}
      {takes.length > 0 && (
        <section aria-labelledby="waiting-takes-title" className="grid w-full max-w-md gap-3 rounded-2xl border border-amber-300/40 bg-stone-900 p-4 text-left">
          <div className="flex items-center justify-between gap-3">
            <h2 id="waiting-takes-title" className="flex items-center gap-2 font-semibold text-stone-50">
              <CloudUpload aria-hidden className="size-5 text-amber-300" />
              {t('waiting.title')}
            </h2>
            {online && takes.some((take) => !take.waiting.refusal) && (
              <Button variant="ghost" onClick={uploadNow}>
                {t('waiting.tryNow')}
              </Button>
            )}
          </div>
          <ul className="grid gap-3">
            {takes.map((take) => (
              <WaitingTakeItem key={take.id} take={take} sent={online ? sent[take.id] : undefined} onChange={reread} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** What the take is about, in words: the chooser's choice, with the name or title typed. */
function useAboutText(fields: Record<string, string>): string {
  const { t } = useTranslation('outbox');
  const type = fields[FIELD.contextType];
  const name = fields[FIELD.contextName];
  if (type === 'new_story' || type === 'person' || type === 'place') return name ? t(`about.${type}_named`, { name }) : t(`about.${type}`);
  return type === 'story' ? t('about.story') : t('about.unassigned');
}

/** One waiting take; `sent` is how far its upload has gone (0 to 1) while one is under way. */
function WaitingTakeItem({ take, sent, onChange }: { take: ListedWaitingTake; sent: number | undefined; onChange: () => void }) {
  const { t } = useTranslation('outbox');
  const language = useLanguage();
  const errorText = useErrorText();
  const about = useAboutText(take.waiting.fields);
  const [discarding, setDiscarding] = useState(false);
  const { refusal } = take.waiting;

  const download = async () => {
    const url = URL.createObjectURL(await takeAudio(take));
    const link = Object.assign(document.createElement('a'), { href: url, download: recordingFileName(take.mimeType, take.startedAt) });
    link.click();
    // The browser has started the download by the next task.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const discard = async () => {
    await forgetTake(take.id);
    setDiscarding(false);
    onChange();
  };

  const refusalText = refusal
    ? errorText(new ApiRequestError(refusal.status, refusal.message ?? '', refusal.code ? ({ code: refusal.code, message: refusal.message ?? '' } satisfies ApiError) : null), { orServerMessage: true })
    : null;

  return (
    <li className="grid gap-1 border-t border-stone-800 pt-3 first:border-t-0 first:pt-0">
      <p className="font-medium text-stone-100">{about}</p>
      <p className="text-sm text-stone-400">
        {t('waiting.recorded', {
          when: formatDate(take.startedAt, language, { dateStyle: 'medium', timeStyle: 'short' }),
          duration: formatDuration(take.durationSeconds),
          size: formatFileSize(take.sizeBytes, language),
        })}
      </p>
      {refusal ? (
        <div className="grid gap-2 pt-1">
          <p role="alert" className="text-sm text-red-300">
            {t('refused.title')}: {refusalText}
          </p>
          <p className="text-sm text-stone-300">{t('refused.keep')}</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void download()}>
              {t('refused.download')}
            </Button>
            <Button variant="ghost" onClick={() => setDiscarding(true)}>
              {t('refused.discard')}
            </Button>
          </div>
          <ConfirmDialog
            open={discarding}
            onOpenChange={setDiscarding}
            title={t('refused.discardTitle')}
            description={t('refused.discardDescription')}
            confirmLabel={t('refused.discard')}
            onConfirm={() => void discard()}
            destructive
          />
        </div>
      ) : (
        <p className="text-sm text-amber-200">
          {sent !== undefined ? t('waiting.uploading', { percent: formatNumber(sent, language, { style: 'percent' }) }) : t('waiting.willUpload')}
        </p>
      )}
    </li>
  );
}
