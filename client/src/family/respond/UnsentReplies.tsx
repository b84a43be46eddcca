import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HardDrive, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUploadVoiceReply } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { useLanguage } from '../../i18n/appLanguage.ts';
import { formatDate } from '../../i18n/format.ts';
import { canKeepTakes, forgetTake, takeAudio, unsavedTakes, type UnsavedTakeInfo } from '../../microphone/unsavedTakes.ts';
import { recordingFileName } from '../../recorder/recordingFormat.ts';
import { formatDuration } from '../../recordings/duration.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toastStore.ts';
import { replyCopyOwner } from './useReplyRecorder.ts';

/**
 * A voice reply this device still holds because the server never got it (the tab closed or
 * the page was reloaded while recording, or sending failed and the person left): send it now,
 * or discard it after a confirmation. The recorder's Home notice, for one story's replies.
 */
export function UnsentReplies({ storyId, reader }: { storyId: number; reader: string }) {
  const { t } = useTranslation('familyRespond');
  const language = useLanguage();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const owner = replyCopyOwner(reader, storyId);
  const queryKey = ['device', 'unsaved-takes', owner];
  // Read when the story opens, not again on focus: a take this page is recording now is not one left from before.
  const takes = useQuery({ queryKey, queryFn: () => unsavedTakes(owner), enabled: canKeepTakes(), staleTime: Infinity, refetchOnWindowFocus: false });
  const upload = useUploadVoiceReply(storyId);
  const [sending, setSending] = useState(false);
  const [discarding, setDiscarding] = useState<UnsavedTakeInfo | null>(null);
  const take = takes.data?.[0];
  if (!take) return null;

  const reread = () => void queryClient.invalidateQueries({ queryKey });

  const send = async () => {
    setSending(true);
    try {
      const audio = await takeAudio(take);
      await upload.mutateAsync({
        audio,
        fileName: recordingFileName(take.mimeType, take.startedAt),
        durationSeconds: take.durationSeconds,
        recordedAt: new Date(take.startedAt),
        onProgress: () => undefined,
      });
      await forgetTake(take.id);
      toast({ title: t('reply.sent') });
    } catch (error) {
      toast({ title: t('reply.notSent'), description: errorText(error, { orServerMessage: true }), variant: 'destructive' });
    } finally {
      setSending(false);
      reread();
    }
  };

  const discard = async () => {
    await forgetTake(take.id);
    setDiscarding(null);
    reread();
  };

  return (
    <section aria-labelledby={`unsent-reply-${storyId}`} className="grid gap-3 rounded-xl border border-amber-300/40 bg-stone-900 p-4">
      <h3 id={`unsent-reply-${storyId}`} className="flex items-center gap-2 font-semibold text-stone-50">
        <HardDrive aria-hidden className="size-5 text-amber-300" />
        {t('unsent.title')}
      </h3>
      <p className="text-sm text-stone-300">
        {t('unsent.text', {
          when: formatDate(take.startedAt, language, { dateStyle: 'medium', timeStyle: 'short' }),
          duration: formatDuration(take.durationSeconds),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void send()} disabled={sending}>
          <Send aria-hidden className="size-4" />
          {sending ? t('reply.sending') : t('unsent.send')}
        </Button>
        <Button variant="ghost" onClick={() => setDiscarding(take)} disabled={sending} className="text-red-300 hover:text-red-200">
          <Trash2 aria-hidden className="size-4" />
          {t('reply.discard')}
        </Button>
      </div>
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title={t('reply.discardTitle')}
        description={t('reply.discardText')}
        confirmLabel={t('reply.discard')}
        onConfirm={() => void discard()}
        destructive
      />
    </section>
  );
}
