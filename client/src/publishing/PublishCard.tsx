import { useEffect, useState } from 'react';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TTS_SPEED, DEFAULT_TTS_VOICE } from '../../../contract/ai-settings.ts';
import type { PublishBody, PublishedStorySummary } from '../../../contract/publishing.ts';
import { narrationInProgress, usePublishedStatus, usePublishStory, useUnpublishStory } from '../api/publishing.ts';
import type { Story } from '../api/stories.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { toast } from '../ui/toastStore.ts';
import { PublishedAs } from './PublishedAs.tsx';
import { PublishedState } from './PublishedState.tsx';
import { PublishForm } from './PublishForm.tsx';
import { PublishProgressBar } from './PublishProgressBar.tsx';
import { type PublishProgress, publishProgress } from './publishProgress.ts';

/** A publish started on this card: under way, or done (its progress stays at complete). */
type Tracking = 'idle' | 'running' | 'done';

/** Republishing keeps the link, the narration settings and the choice to be heard in one's voice the story was published with. */
function republishBody(published: PublishedStorySummary): PublishBody {
  return {
    customSlug: published.slug,
    generateAudio: published.narration !== 'none',
    ttsOptions: { voice: published.voice ?? DEFAULT_TTS_VOICE, speed: published.speed ?? DEFAULT_TTS_SPEED },
    hearVoice: published.hearVoice,
  };
}

/**
 * Story detail's publish card (spec "Story detail", "Publish progress", 7.6, 8.5): the name
 * the page will be signed with and the form while unpublished; the progress from the
 * request and then the narration job (read every 2 s, never a timer); once published the
 * link, the narration, the "edited since" note, Republish and Unpublish (asked first). A
 * story still being written waits, and says why.
 */
export function PublishCard({ story }: { story: Story }) {
  const { t } = useTranslation('publishing');
  const errorText = useErrorText();
  const status = usePublishedStatus(story.id);
  const publish = usePublishStory(story.id);
  const unpublish = useUnpublishStory(story.id);
  const [tracking, setTracking] = useState<Tracking>('idle');
  const [confirming, setConfirming] = useState(false);
  const [editingName, setEditingName] = useState(false);
  const writing = story.processingStatus === 'processing';
  const published = status.data?.publishedStory ?? null;
  const narrationWorking = narrationInProgress(published?.narration);

  // The publish started here is over once the server says the narration is (or none was asked for).
  useEffect(() => {
    if (tracking !== 'running' || publish.isPending || !published || narrationWorking) return;
    setTracking('done');
    if (published.narration !== 'failed') toast({ title: t('toast.published') });
  }, [tracking, publish.isPending, published, narrationWorking, t]);

  let progress: PublishProgress | null = null;
  if (publish.isPending) progress = publishProgress({ requesting: true });
  else if (published && (narrationWorking || (tracking === 'done' && published.narration !== 'failed'))) {
    progress = publishProgress({ requesting: false, narration: published.narration });
  }

  const start = (body: PublishBody) => {
    setTracking('running');
    publish.mutate(body, {
      onError: (error) => {
        setTracking('idle');
        toast({ title: t('toast.publishFailed'), description: errorText(error), variant: 'destructive' });
      },
    });
  };

  const confirmUnpublish = () => {
    if (!published) return;
    unpublish.mutate(published.id, {
      onSuccess: () => {
        setConfirming(false);
        setTracking('idle');
        toast({ title: t('toast.unpublished') });
      },
      onError: () => toast({ title: t('toast.unpublishFailed'), variant: 'destructive' }),
    });
  };

  return (
    <Card
      title={t('card.title')}
      icon={<Globe aria-hidden className="size-4 text-amber-300" />}
      description={published ? undefined : t('card.description')}
    >
      {status.isPending ? (
        <div aria-busy="true" aria-label={t('card.loading')} className="grid gap-3">
          <div className="h-11 animate-pulse rounded-lg bg-stone-800" />
          <div className="h-11 w-1/2 animate-pulse rounded-lg bg-stone-800" />
        </div>
      ) : status.isError && !status.data ? (
        <LoadFailed message={t('card.loadFailed')} retryLabel={t('card.retry')} onRetry={() => void status.refetch()} />
      ) : (
        <div className="grid gap-4">
          {writing && <p className="text-sm text-amber-100">{t('card.stillWriting')}</p>}
          {progress && <PublishProgressBar progress={progress} />}
          {/* Kept while a publish is on its way, so a refused one leaves what was typed. */}
          {published ? (
            <PublishedState
              published={published}
              onRepublish={() => start(republishBody(published))}
              onUnpublish={() => setConfirming(true)}
              republishDisabled={writing || narrationWorking || publish.isPending}
            />
          ) : (
            <>
              {/* The name the page will show, said before Publish (and changed here, not found out after). */}
              <PublishedAs onEditingChange={setEditingName} />
              <PublishForm onPublish={start} disabled={writing || publish.isPending || editingName} />
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('unpublish.title')}
        description={t('unpublish.description')}
        confirmLabel={t('unpublish.confirm')}
        onConfirm={confirmUnpublish}
        pending={unpublish.isPending}
        destructive
      />
    </Card>
  );
}
