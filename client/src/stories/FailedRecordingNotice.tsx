import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStoryWithRecordings } from '../api/stories.ts';
import { hasRealContent } from '../api/storyProgress.ts';
import { Button } from '../ui/Button.tsx';

/**
 * At the top of a story with no text because its recordings could not be transcribed: why
 * the page is empty, and the way to the failed recording (its reason and Re-transcribe
 * are in the recordings list below, often out of sight on a phone).
 */
export function FailedRecordingNotice({ storyId, recordingsId }: { storyId: number; recordingsId: string }) {
  const { t } = useTranslation('storyDetail');
  const story = useStoryWithRecordings(storyId);
  if (!story.data || hasRealContent(story.data)) return null;
  const failed = story.data.recordings.filter((recording) => recording.processingStatus === 'failed');
  if (failed.length === 0) return null;
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-red-400/40 bg-red-950/30 p-4 text-sm text-red-100">
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('failedRecording.text', { count: failed.length })}
      </p>
      <Button
        variant="secondary"
        className="justify-self-start"
        onClick={() => document.getElementById(recordingsId)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      >
        {t('failedRecording.show', { count: failed.length })}
      </Button>
    </div>
  );
}
