import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HardDrive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/currentUser.ts';
import { useDataChanged } from '../api/dataChanged.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { formatDuration } from '../recordings/duration.ts';
import { loadAiSettings } from '../settings/useAiSettings.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { canKeepTakes, forgetTake, takeAudio, unsavedTakes, type UnsavedTakeInfo } from '../microphone/unsavedTakes.ts';
import { useRecordingMessages } from './useRecordingMessages.ts';
import { useUploadRecording } from './useUploadRecording.ts';

/**
 * A take this device still holds because the server never got it (the tab closed, the
 * browser crashed, the page was reloaded while recording): keep it, as a recording
 * without a story, or discard it after a confirmation.
 */
export function UnsavedTakesNotice() {
  const { t } = useTranslation('recording');
  const language = useLanguage();
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const queryKey = ['device', 'unsaved-takes', user?.id ?? ''];
  const takes = useQuery({
    queryKey,
    queryFn: () => unsavedTakes(user!.id),
    enabled: user !== undefined && user !== null && canKeepTakes(),
    staleTime: 0,
    // Read from this device: offline too (a query otherwise waits for the network).
    networkMode: 'always',
  });
  const upload = useUploadRecording();
  const dataChanged = useDataChanged();
  const messages = useRecordingMessages();
  const [discarding, setDiscarding] = useState<UnsavedTakeInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const take = takes.data?.[0];
  if (!take) return null;

  const reread = () => void queryClient.invalidateQueries({ queryKey });

  const keep = async () => {
    setBusy(true);
    try {
      await upload.mutateAsync({
        audio: await takeAudio(take),
        durationSeconds: take.durationSeconds,
        recordedAt: new Date(take.startedAt),
        settings: loadAiSettings(),
        appLanguage: language,
        context: { contextType: 'unassigned' },
        userAgent: navigator.userAgent,
        // Sent again after a lost answer, the take is stored once.
        takeId: take.id,
      });
      await forgetTake(take.id);
      dataChanged();
      toast({ title: t('leave.kept'), description: t('leave.keptWhere') });
    } catch (error) {
      messages.uploadFailure(error);
    } finally {
      setBusy(false);
      reread();
    }
  };

  const discard = async () => {
    await forgetTake(take.id);
    setDiscarding(null);
    reread();
  };

  return (
    <section
      aria-labelledby="unsaved-take-title"
      className="grid w-full max-w-md gap-3 rounded-2xl border border-amber-300/40 bg-stone-900 p-4 text-left"
    >
      <h2 id="unsaved-take-title" className="flex items-center gap-2 font-semibold text-stone-50">
        <HardDrive aria-hidden className="size-5 text-amber-300" />
        {t('unsaved.title')}
      </h2>
      <p className="text-sm text-stone-300">
        {t('unsaved.description', {
          when: formatDate(take.startedAt, language, { dateStyle: 'medium', timeStyle: 'short' }),
          duration: formatDuration(take.durationSeconds),
        })}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void keep()} disabled={busy} className="flex-1">
          {busy ? t('leave.keeping') : t('unsaved.keep')}
        </Button>
        <Button variant="ghost" onClick={() => setDiscarding(take)} disabled={busy}>
          {t('unsaved.discard')}
        </Button>
      </div>
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title={t('leave.discardTitle')}
        description={t('unsaved.discardDescription')}
        confirmLabel={t('leave.discard')}
        onConfirm={() => void discard()}
        destructive
      />
    </section>
  );
}
